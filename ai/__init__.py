"""AI players: agents, search and the arena."""
