"""Views: SVG rendering and notebook widgets."""
