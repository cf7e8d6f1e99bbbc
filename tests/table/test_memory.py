"""The memory by object the table games' menus share (bot/table/memory.py)."""

from __future__ import annotations

from bot.table.memory import ByObject


def test_an_answer_is_remembered_for_the_object_itself_not_an_equal_one() -> None:
    asked: list[tuple[int, ...]] = []

    def compute(obj: tuple[int, ...]) -> int:
        asked.append(obj)
        return sum(obj)

    memory: ByObject[tuple[int, ...], int] = ByObject(2)
    a, b = (1, 2), tuple([1, 2])  # equal, not the same object
    assert a == b and a is not b
    assert memory.get(a, compute) == 3 and memory.get(a, compute) == 3
    assert asked == [a]
    assert memory.get(b, compute) == 3 and len(asked) == 2  # another object: asked again
    memory.get((5,), compute)  # past two: everything forgotten, then this one kept
    memory.get(a, compute)
    assert len(asked) == 4
