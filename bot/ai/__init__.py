"""Game-independent AI players over the Game protocol.

An agent receives its seat's view, never a state (kernel.md §3). To reason about moves it asks the
game for a state consistent with that view (`determinize`: unknown cards dealt at random from what
remains) and plays over that guess, so it cannot read another seat's hidden cards.
"""

from .agents import GreedyAgent, RandomAgent, fallback_agent

__all__ = ["GreedyAgent", "RandomAgent", "fallback_agent"]
