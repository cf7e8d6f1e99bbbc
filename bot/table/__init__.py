"""The table shared by the skirmish games: exact units, typed coordinates, geometry (kernel.md §5).

Pure: no I/O, no Discord, no Pillow. Coordinates are integers in tenths of a millimetre, so inches
(Colors, WarCry) and centimetres (Confrontation) are both exact and replays never depend on float
rounding.
"""
