"""The activation phase's draw of cards (Conf'Fédé, « V-A. Tirage des cartes »), pure and exact.

Each player has ordered every reference card into a secret sequence (top first). The player who has
the word (« la main ») does exactly one of: play the top card; put it in reserve; play the reserve;
play the top card and the reserve together; use a refusal. Never two cards of the pile in one tour de
parole; one reserve per phase, never again once used (V-A-1); refusals are the difference between the
two sequences' sizes, for the smaller one (V-A-2); the word alternates, except that a player with no
card left at all lets the other play on (V-A-3); a card whose fighters are all gone is still played
(V-A-3, Note). Cards are plain strings here: the game maps them to its profiles.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from bot.engine import RandomSource, roll

Choice = Literal["play", "reserve", "play_reserve", "play_both", "refuse"]
CHOICES: tuple[Choice, ...] = ("play", "reserve", "play_reserve", "play_both", "refuse")


class SideSequence(BaseModel):
    model_config = ConfigDict(frozen=True)

    pile: tuple[str, ...]  # top first; never shown to the other side before it is played
    reserve: str | None = None
    reserve_used: bool = False  # a card was put in reserve this phase: never again (V-A-1)
    refusals: int = 0

    @property
    def empty(self) -> bool:
        """No card left at all, neither in the pile nor in reserve."""
        return not self.pile and self.reserve is None

    def reserve_state(self) -> str:
        """The document's notation: cards in reserve / cards allowed, « - » once it may not reserve."""
        held = 1 if self.reserve is not None else 0
        return f"{held}/{'-' if self.reserve_used and self.reserve is None else 1}"


class Sequence(BaseModel):
    model_config = ConfigDict(frozen=True)

    sides: tuple[SideSequence, SideSequence]
    speaker: int  # who has the word
    played: tuple[tuple[int, tuple[str, ...]], ...] = ()  # (seat, cards played together), in order

    @property
    def over(self) -> bool:
        return all(s.empty for s in self.sides)


def refusals(sizes: tuple[int, int]) -> tuple[int, int]:
    """« Celui qui compte le plus faible total bénéficie d'un nombre de refus égal à la différence »."""
    a, b = sizes
    return (b - a, 0) if a < b else (0, a - b)


def start(piles: tuple[tuple[str, ...], tuple[str, ...]], first: int) -> Sequence:
    """The sequences locked, refusals counted from their sizes, `first` has the word (chosen by the
    winner of the tactic roll)."""
    r = refusals((len(piles[0]), len(piles[1])))
    sides = (SideSequence(pile=piles[0], refusals=r[0]), SideSequence(pile=piles[1], refusals=r[1]))
    return Sequence(sides=sides, speaker=first)


def legal(seq: Sequence, seat: int) -> list[Choice]:
    """What the player who has the word may do now (nothing if it does not have it)."""
    if seq.over or seat != seq.speaker:
        return []
    side = seq.sides[seat]
    out: list[Choice] = []
    if side.pile:
        out.append("play")
        if side.reserve is None and not side.reserve_used:
            out.append("reserve")
    if side.reserve is not None:
        out.append("play_reserve")
        if side.pile:
            out.append("play_both")
    if side.refusals > 0 and not seq.sides[1 - seat].empty:  # a refusal hands the word over (D-CON-02)
        out.append("refuse")
    return out


class IllegalChoice(ValueError):
    """A choice the rules refuse now; `code` names why."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def apply(seq: Sequence, seat: int, choice: Choice) -> tuple[Sequence, tuple[str, ...]]:
    """One tour de parole: the cards it plays (together), and the word passed on."""
    if choice not in legal(seq, seat):
        raise IllegalChoice("not_your_word" if seat != seq.speaker else f"cannot_{choice}")
    side = seq.sides[seat]
    played: tuple[str, ...] = ()
    if choice == "play":
        played, side = side.pile[:1], side.model_copy(update={"pile": side.pile[1:]})
    elif choice == "reserve":
        side = side.model_copy(update={"pile": side.pile[1:], "reserve": side.pile[0], "reserve_used": True})
    elif choice == "play_reserve":
        assert side.reserve is not None
        played, side = (side.reserve,), side.model_copy(update={"reserve": None})
    elif choice == "play_both":
        assert side.reserve is not None
        played = (side.reserve, side.pile[0])
        side = side.model_copy(update={"pile": side.pile[1:], "reserve": None})
    else:  # refuse: « il ne joue aucune carte ... et son adversaire reprend immédiatement la main »
        side = side.model_copy(update={"refusals": side.refusals - 1})
    sides = list(seq.sides)
    sides[seat] = side
    other = 1 - seat
    # « Si l'un des joueurs n'a plus aucune carte ..., son adversaire garde la parole »
    speaker = other if not sides[other].empty else seat
    log = (*seq.played, (seat, played)) if played else seq.played
    return Sequence(sides=(sides[0], sides[1]), speaker=speaker, played=log), played


def tactic_roll(rng: RandomSource, disciplines: tuple[int, int]) -> tuple[int, list[tuple[int, int]]]:
    """The tactic roll (research §2.2): each side rolls 1d6 plus the best Discipline it has on the
    table; ties are rolled again. Returns the winner and every pair of totals rolled (for the log)."""
    rolls: list[tuple[int, int]] = []
    while True:
        a, b = roll(rng) + disciplines[0], roll(rng) + disciplines[1]
        rolls.append((a, b))
        if a != b:
            return (0 if a > b else 1), rolls
