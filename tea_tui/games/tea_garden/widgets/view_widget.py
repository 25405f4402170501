"""A widget that keeps a seat's view and redraws it at whatever width it is given."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from core.tea_garden.context import Context
from core.tea_garden.hidden import TeaGardenObservation

DIM = "dim"


class ViewWidget(Widget):
    """Stores the view of :meth:`show` and draws it in :meth:`render` at the current width.

    Unlike a Static panel, the drawing follows the widget's width, so subclasses implement
    :meth:`draw` rather than drawing once in :meth:`show`.
    """

    DEFAULT_CSS = """
    ViewWidget {
        height: auto;
        text-wrap: nowrap;
        text-overflow: clip;
    }
    """

    def __init__(
        self,
        *,
        legend: bool = True,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        """Create the widget; ``legend`` adds the key to the short forms below the drawing."""
        super().__init__(name=name, id=id, classes=classes)
        self.legend = legend
        self._view: TeaGardenObservation | None = None
        self._ctx: Context | None = None
        self._names: tuple[str, ...] = ()

    def show(self, view: TeaGardenObservation, ctx: Context, names: Sequence[str]) -> None:
        """Show ``view`` (a seat's observation) with the shared ``ctx`` and the seats' names."""
        self._view = view
        self._ctx = ctx
        self._names = tuple(names)
        self.refresh(layout=True)

    def render(self) -> Text:
        """Return the drawing as Rich Text, or a placeholder before the first :meth:`show`."""
        if self._view is None or self._ctx is None:
            return Text("(no game)", style=DIM)
        return self.draw(self._view, self._ctx, self._names, self.content_size.width or 80)

    def draw(
        self, view: TeaGardenObservation, ctx: Context, names: tuple[str, ...], width: int
    ) -> Text:
        """Return the drawing of ``view`` at ``width`` columns; subclasses implement it."""
        raise NotImplementedError
