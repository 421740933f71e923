"""The few operations `problems.py` needs, for JAX and for PyTorch, so that
each objective is written once. Loops over time steps are `repeat` (JAX:
`lax.fori_loop`, one compiled step; PyTorch: a Python loop) and over a
sequence `scan` (JAX: `lax.scan`; PyTorch: a Python loop)."""

import numpy as np


class Jax:
    name = "jax"

    def __init__(self):
        import jax
        import jax.numpy as jnp
        from jax.scipy.special import logsumexp

        jax.config.update("jax_enable_x64", True)
        self.jax, self.jnp, self._logsumexp = jax, jnp, logsumexp
        for f in ("exp", "log", "sqrt", "tanh", "sin", "cos", "stack", "einsum"):
            setattr(self, f, getattr(jnp, f))
        self.sigmoid = jax.nn.sigmoid

    def array(self, a):
        return self.jnp.asarray(a)

    def sum(self, a, axis=None):
        return self.jnp.sum(a, axis=axis)

    def logsumexp(self, a, axis):
        return self._logsumexp(a, axis=axis)

    def eye(self, n):
        return self.jnp.eye(n)

    def roll(self, a, shift, axis):
        return self.jnp.roll(a, shift, axis)

    def scatter_lower(self, l, rows, cols, k, d):
        return self.jnp.zeros((k, d, d)).at[:, rows, cols].set(l)

    def set_inner(self, u, inner):
        return u.at[1:-1, 1:-1].set(inner)

    def repeat(self, n, step, init):
        return self.jax.lax.fori_loop(0, n, lambda _, s: step(s), init)

    def scan(self, step, init, xs):
        return self.jax.lax.scan(step, init, xs)[1]


class Torch:
    name = "torch"

    def __init__(self):
        import torch

        self.torch = torch
        for f in ("exp", "log", "sqrt", "tanh", "sin", "cos", "sigmoid", "stack", "einsum"):
            setattr(self, f, getattr(torch, f))

    def array(self, a):
        a = np.asarray(a)
        return self.torch.from_numpy(a.copy())

    def sum(self, a, axis=None):
        return self.torch.sum(a) if axis is None else self.torch.sum(a, dim=axis)

    def logsumexp(self, a, axis):
        return self.torch.logsumexp(a, dim=axis)

    def eye(self, n):
        return self.torch.eye(n, dtype=self.torch.float64)

    def roll(self, a, shift, axis):
        return self.torch.roll(a, shifts=shift, dims=axis)

    def scatter_lower(self, l, rows, cols, k, d):
        out = self.torch.zeros((k, d, d), dtype=l.dtype)
        out[:, rows, cols] = l
        return out

    def set_inner(self, u, inner):
        out = u.clone()
        out[1:-1, 1:-1] = inner
        return out

    def repeat(self, n, step, init):
        for _ in range(n):
            init = step(init)
        return init

    def scan(self, step, init, xs):
        outs, carry = [], init
        for i in range(xs[0].shape[0]):
            carry, out = step(carry, tuple(a[i] for a in xs))
            outs.append(out)
        return self.torch.stack(outs)
