"""A kernel manager for the classroom page that starts at most ``max_kernels`` kernels at once.

Voila starts one kernel for every load of the page (a GET, even one that never opens the page's websocket), and
jupyter_server has no limit of its own. ``evo-lab lab --present`` runs Voila with
``--VoilaConfiguration.multi_kernel_manager_class=evo_lab.cli.kernel_cap.CappedKernelManager`` and
``--CappedKernelManager.max_kernels=N``: a load beyond ``N`` live kernels gets the HTTP answer 503 with one line
("the classroom page is full ...") instead of a new kernel. Idle kernels are culled by jupyter_server's own
``MappingKernelManager.cull_idle_timeout`` (set by the same command; see :mod:`evo_lab.cli.servers`).

Imported by the Voila server process only (it needs jupyter_server and tornado).
"""

from __future__ import annotations

from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer

__all__ = ["FULL_MESSAGE", "CappedKernelManager"]

#: The answer to a load when every kernel is taken (``%d``: the limit).
FULL_MESSAGE = (
    "the classroom page is full (%d open pages): close a page you no longer use, or wait a few minutes "
    "for idle pages to close"
)


class CappedKernelManager(AsyncMappingKernelManager):
    """:class:`AsyncMappingKernelManager` that refuses a new kernel while ``max_kernels`` are running or
    starting (``tornado.web.HTTPError`` 503: the page shows one line)."""

    max_kernels = Integer(40, config=True, help="Most kernels running at once (0: no limit).")

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._starting = 0

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:  # type: ignore[override]
        kernel_id = kwargs.get("kernel_id")
        if kernel_id is not None and kernel_id in self:
            return await super().start_kernel(*args, **kwargs)
        if self.max_kernels > 0 and len(self.list_kernel_ids()) + self._starting >= self.max_kernels:
            self.log.warning("evo-lab: refused a kernel: %d running (the limit)", self.max_kernels)
            raise web.HTTPError(503, reason=FULL_MESSAGE % self.max_kernels)
        self._starting += 1
        try:
            return await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1
