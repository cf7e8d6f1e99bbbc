"""Player-facing text in French (default) and English.

Pure and Discord-free: catalogs are flat `{key: format string}` maps per locale; the host's own
catalog lives in `host.yaml`, every game contributes its `catalog`. Discord locales (`fr`,
`en-US`, `en-GB`) are folded to `fr` / `en`.
"""

from __future__ import annotations

from .catalog import SUPPORTED, Catalog, catalog, game_name, localize, normalize_locale, t

__all__ = ["SUPPORTED", "Catalog", "catalog", "game_name", "localize", "normalize_locale", "t"]
