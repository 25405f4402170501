"""Sencha's widgets: the plantations and field, the Tea Market, the players and the status."""
