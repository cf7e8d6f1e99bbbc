"""Confrontation (issue #14): the activation phase first — secret sequences, the reserve, refusals.

Not offered to players yet: the rest of a turn (combat, morale, victory) and the table land next.
"""
