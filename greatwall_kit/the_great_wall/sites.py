"""Who stands at a Location: its Clerks and Overseers, as one frozen value per Location.

``game.locations`` maps each Location to a :class:`Site`. A Site never changes: placing a
Clerk or an Overseer puts a new Site in its place, so copies of a game share the Sites
instead of copying two lists per Location (bots copy a game once per playout).
"""

from dataclasses import dataclass

__all__ = ["Site", "EMPTY", "SITES"]


@dataclass(frozen=True, slots=True)
class Site:
    """The owners of the Clerks and Overseers at a Location, in the order they came.

    Reads like the position document's ``{"clerks": [...], "overseers": [...]}``:

    >>> site = EMPTY.with_clerk(1).with_overseer(0)
    >>> site["clerks"], site["overseers"], site.plain()
    ([1], [0], {'clerks': [1], 'overseers': [0]})
    >>> site.without_clerks() == Site((), (0,))
    True
    """

    clerks: tuple = ()
    overseers: tuple = ()

    def __getitem__(self, key):
        if key == "clerks":
            return list(self.clerks)
        if key == "overseers":
            return list(self.overseers)
        raise KeyError(key)

    def plain(self):
        """The JSON-able form, as in a position document."""
        return {"clerks": list(self.clerks), "overseers": list(self.overseers)}

    def with_clerk(self, p):
        return _site(self.clerks + (p,), self.overseers)

    def without_clerks(self):
        return _site((), self.overseers)

    def with_overseer(self, p):
        return _site(self.clerks, self.overseers + (p,))


#: ``(clerks, overseers)`` -> the Site of these owners, once it has been built (:func:`_site`). The rules read it
#: themselves where a Clerk comes or goes (``SITES.get(...) or site.with_clerk(p)``): two Python calls fewer.
SITES: dict[tuple[tuple[int, ...], tuple[int, ...]], Site] = {}


def _site(clerks, overseers):
    """The Site of these owners, built once: building a frozen dataclass costs more than the look-up, and
    Clerks come and go at most decisions. Owners are seats and a Location's slots are few: the table stays small."""
    site = SITES.get((clerks, overseers))
    if site is None:
        site = SITES[clerks, overseers] = Site(clerks, overseers)
    return site


#: A Location nobody stands at.
EMPTY = Site()
