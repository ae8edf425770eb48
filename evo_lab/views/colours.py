"""Seat colours and names shared by every game's views (Evo 2e's five seats first, then three more for the games
of up to 8 players).

>>> len(SEAT_COLOURS), SEAT_NAMES[:2]
(8, ('red', 'blue'))
"""

__all__ = ["SEAT_COLOURS", "SEAT_NAMES", "seat_colour"]

SEAT_COLOURS: tuple[str, ...] = (
    "#d62728",
    "#1f5fbf",
    "#1b7a35",
    "#f0a000",
    "#7b3fa6",
    "#17a2b8",
    "#8c564b",
    "#e377c2",
)
SEAT_NAMES: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple", "teal", "brown", "pink")


def seat_colour(p: int) -> str:
    """The colour of seat ``p`` (grey for a seat beyond the table)."""
    return SEAT_COLOURS[p] if 0 <= p < len(SEAT_COLOURS) else "#555555"
