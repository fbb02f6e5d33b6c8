/**
 * A made-up Python module that takes the scanner (python-scanner.ts) through each kind of token and
 * statement it reads: scanned once before the first real file, so that V8 has seen every branch
 * when it optimises the scanner. Without it, each branch first met in optimised code (a `//=`, an
 * exponent's sign, an f-string field) threw the code away and compiled it again (`tokenize` 7
 * times and `scan` 4 times on SQLAlchemy, docs/performance.md, "Session 27 (helper h83)").
 * PYTHON_WARM_UPS adds what one module cannot hold: the same text as a two-byte string (a file with
 * a character beyond Latin-1 is one in V8) and files that end in each kind of token (reads past the
 * end).
 */
export const PYTHON_WARM_UP = `#!/usr/bin/env python
# -*- coding: utf-8 -*-
"""Module doc."""
from __future__ import annotations

import os as _os
from typing import Any, Optional

__all__ = ["Box", "make", 'pair']
__all__ += ["other"]
__all__.extend(["more"])

LIMIT: int = 0x1F + 0o7 + 0b1 + 1_000 + 1.5e-3 + .5 + 2E+4 + 3j
WIDTH = (1 << 2) >> 1 | 3 & 4 ^ 5 % 6 // 7 ** 2 @ m if x else ~y
text = r"a\\d" + b'b' + u"c" + rb"d" + Br'e' + f"{x if y else z:>{w}}" + F'{a!r}' + fr"{b}"
long = """line
  continued \\
end""" + '''more''' + "esc\\"aped" + 'it\\'s'
total = 1 + \\
    2
windows = (1,\r\n    2)\r\n\r\ncase = match = 1


@decorator(arg=1, *rest, **named)
class Box(Base, metaclass=Meta):
    """A box.

    Args:
        size: the size.
    """

    size: int = 0

    def __init__(self, size: int = 1, *args: Any, key: str = "k", **kwargs: Any) -> None:
        """Makes a box.

        :param size: the size
        :type size: int
        :raises ValueError: when negative
        """
        if size < 0 or size > 10 and not size == 3 or size != 4 or size <= 5 or size >= 6:
            raise ValueError("negative")
        elif size is None:
            pass
        else:
            self.size += size
        self.size -= 1
        self.size *= 2
        self.size /= 2
        self.size //= 2
        self.size %= 2
        self.size **= 2
        self.size >>= 1
        self.size <<= 1
        self.size &= 1
        self.size |= 1
        self.size ^= 1
        self.size @= m

    @property
    def area(self) -> int:
        """The area.

        Returns:
            int: the area, or None if empty.
        """
        return self.size * self.size

    @staticmethod
    async def fetch(url, /, timeout=None, *, retries=3) -> Optional[bytes]:
        """Fetches.

        Parameters
        ----------
        url : str
            The address.

        Returns
        -------
        bytes
            The body.
        """
        async with session() as s, other():
            async for chunk in s:
                yield chunk
        await s.close()
        return None

    def _private(self, items: list[int] = [1, 2], mapping={"a": (1, 2)}, fn=lambda a, b=1: a + b):
        # A comment.
        while (n := len(items)) > 0:
            items.pop()
            continue
        for i, item in enumerate(items):
            try:
                del items[i]
            except (KeyError, IndexError) as error:
                raise RuntimeError(str(error)) from error
            except* TypeError:
                break
            finally:
                assert i, "message"
        with open("f") as handle:
            global LIMIT
            return [x for x in handle if x] or {k: v for k, v in mapping.items()} or (y for y in items)


def make(*, name: str = "n", **rest) -> "Box":
    '''Makes one.

    @param name the name
    @return the box
    '''
    def inner(value):
        """Inner."""
        nonlocal name
        return value
    match name:
        case "a" | "b":
            return Box(1)
        case {"key": value, **others} if value:
            return Box(2)
        case [first, *_]:
            return Box(3)
        case Box(size=3):
            return ...
        case _:
            return Box(); pass


class Empty: pass


class Slotted(object):
    __slots__ = ("a",)
    def method(self): return self.a
    async def other(self): ...
    def gen(self):
        yield from range(3)
    def stub(self) -> int: ...


if __name__ == "__main__":
    print(make(name="x"), sep="", end="\\n")
`;

/** Every source the scanner reads before the first real file: see PYTHON_WARM_UP. */
export const PYTHON_WARM_UPS: readonly string[] = [
  PYTHON_WARM_UP,
  `${PYTHON_WARM_UP}# \u2192 two-byte\n`,
  'x = 1',
  'x = 1.5e+3',
  'x = name',
  "x = 'text'",
  'x = f(y)',
  'x = [y]',
  'x = y  # comment',
  'def f(x):\n    """Doc."""\n    return x',
];
