"""What the AI knows of Sencha (filled in below)."""
