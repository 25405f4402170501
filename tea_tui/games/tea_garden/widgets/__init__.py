"""Tea Garden's widgets: the map, the tracks, the displays, the boards and the Noble Court."""
