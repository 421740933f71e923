"""The suite's objectives for the peers, each written once against a small
backend (`ops`: JAX or PyTorch, see `backends.py`), as functions of the
packed active inputs `x` (the layout of the Rust `Problem`s, described by
the manifest's `parts`), the constants `c` (arrays) and the parameters `p`.

Each must compute the same number as the Rust primal of the same name
(`benches/suite/*.rs`); the driver checks the value and the gradient
against parad's before it times anything.
"""

import math

import numpy as np


def split(ops, x, parts):
    """The parts of `x` in order, as a dict of 1-D arrays."""
    out, at = {}, 0
    for name, length in parts:
        out[name] = x[at:at + length]
        at += length
    return out


def gmm_constant(n, k, d, gamma, m):
    """The terms of the GMM log posterior that depend on no parameter (as
    `constant_terms` in `gradbench/src/evals/gmm.rs`)."""
    dof = d + m + 1
    multigamma = 0.25 * d * (d - 1) * math.log(math.pi)
    multigamma += sum(math.lgamma(0.5 * dof + 0.5 * (1 - j)) for j in range(1, d + 1))
    wishart = dof * d * (math.log(gamma) - 0.5 * math.log(2.0)) - multigamma
    return -n * d * 0.5 * math.log(2.0 * math.pi) + k * wishart


def gmm_prepare(p, c):
    """Index arrays that place `l` (column by column) below the diagonal."""
    d = int(p["d"])
    rows = [r for s in range(d) for r in range(s + 1, d)]
    cols = [s for s in range(d) for r in range(s + 1, d)]
    return {"rows": np.array(rows, dtype=np.int64), "cols": np.array(cols, dtype=np.int64)}


def gmm(ops, x, c, p, parts):
    d, k, n, gamma, m = int(p["d"]), int(p["k"]), int(p["n"]), p["gamma"], p["m"]
    v = split(ops, x, parts)
    alpha, mu, q, l = v["alpha"], v["mu"].reshape(k, d), v["q"].reshape(k, d), v["l"].reshape(k, -1)
    qdiag = ops.exp(q)
    big_q = ops.scatter_lower(l, c["rows"], c["cols"], k, d) + qdiag[:, :, None] * ops.eye(d)
    xc = c["points"].reshape(n, 1, d) - mu[None, :, :]
    z = ops.einsum("kij,nkj->nki", big_q, xc)
    beta = alpha[None, :] + ops.sum(q, 1)[None, :] - 0.5 * ops.sum(z * z, 2)
    slse = ops.sum(ops.logsumexp(beta, 1))
    frob = ops.sum(qdiag * qdiag, 1) + ops.sum(l * l, 1)
    prior = ops.sum(m * ops.sum(q, 1) - 0.5 * gamma * gamma * frob)
    return gmm_constant(n, k, d, gamma, m) + slse - n * ops.logsumexp(alpha, 0) + prior


def lstm(ops, x, c, p, parts):
    layers, b, chars = int(p["l"]), int(p["b"]), int(p["c"])
    v = split(ops, x, parts)
    # main: per layer a row of weights then a row of biases, each of four
    # gates (forget, input, output, change); extra: input weight, output
    # weight, output bias.
    main = v["main"].reshape(layers, 2, 4, b)
    extra = v["extra"].reshape(3, b)
    state = c["state"].reshape(layers, 2, b)
    seq = c["seq"].reshape(chars, b)

    def step(carry, pair):
        hidden, cell = carry
        now, after = pair
        xin = now * extra[0]
        hs, cs = [], []
        for k in range(layers):
            w, bias = main[k, 0], main[k, 1]
            forget = ops.sigmoid(xin * w[0] + bias[0])
            ingate = ops.sigmoid(hidden[k] * w[1] + bias[1])
            outgate = ops.sigmoid(xin * w[2] + bias[2])
            change = ops.tanh(hidden[k] * w[3] + bias[3])
            cs.append(cell[k] * forget + ingate * change)
            hs.append(outgate * ops.tanh(cs[-1]))
            xin = hs[-1]
        y = xin * extra[1] + extra[2]
        lse = ops.log(ops.sum(ops.exp(y)) + 2.0)
        return (ops.stack(hs), ops.stack(cs)), ops.sum(after * (y - lse))

    terms = ops.scan(step, (state[:, 0], state[:, 1]), (seq[:-1], seq[1:]))
    return -ops.sum(terms) / ((chars - 1) * b)


def cross(ops, a, b):
    return ops.stack([a[:, 1] * b[:, 2] - a[:, 2] * b[:, 1],
                      a[:, 2] * b[:, 0] - a[:, 0] * b[:, 2],
                      a[:, 0] * b[:, 1] - a[:, 1] * b[:, 0]], 1)


def ba_prepare(p, c):
    obs = c["obs"].reshape(-1, 2).astype(np.int64)
    return {"cam_of": obs[:, 0].copy(), "point_of": obs[:, 1].copy()}


def ba(ops, x, c, p, parts):
    v = split(ops, x, parts)
    cams = v["cams"].reshape(-1, 11)[c["cam_of"]]
    pts = v["pts"].reshape(-1, 3)[c["point_of"]]
    w, feats = v["w"], c["feats"].reshape(-1, 2)
    # Rodrigues' rotation of the point relative to the camera centre (every
    # generated camera is rotated, so the first-order branch is not needed).
    r, pc = cams[:, 0:3], pts - cams[:, 3:6]
    theta = ops.sqrt(ops.sum(r * r, 1))
    axis = r / theta[:, None]
    cos, sin = ops.cos(theta)[:, None], ops.sin(theta)[:, None]
    along = (ops.sum(axis * pc, 1)[:, None]) * (1.0 - cos)
    xr = pc * cos + cross(ops, axis, pc) * sin + axis * along
    q = xr[:, 0:2] / xr[:, 2:3]
    rsq = ops.sum(q * q, 1)[:, None]
    distortion = 1.0 + cams[:, 9:10] * rsq + cams[:, 10:11] * rsq * rsq
    err = w[:, None] * (q * distortion * cams[:, 6:7] + cams[:, 7:9] - feats)
    werr = 1.0 - w * w
    return ops.sum(err * err) + ops.sum(werr * werr)


def heat2d(ops, x, c, p, parts):
    n, steps = int(p["n"]), int(p["steps"])
    u0, alpha = x[:n * n].reshape(n, n), x[n * n]

    def step(u):
        inner = u[1:-1, 1:-1] + alpha * (u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4.0 * u[1:-1, 1:-1])
        return ops.set_inner(u, inner)

    u = ops.repeat(steps, step, u0)
    return ops.sum(u * u) / (n * n)


def burgers(ops, x, c, p, parts):
    nx, steps, dt, nu = int(p["nx"]), int(p["steps"]), p["dt"], p["nu"]
    h = 1.0 / nx
    w0 = x.reshape(2, -1, nx)

    def step(w):
        u, v = w[0], w[1]
        out = []
        for f in (u, v):
            east, west = ops.roll(f, -1, 1), ops.roll(f, 1, 1)
            south, north = ops.roll(f, -1, 0), ops.roll(f, 1, 0)
            dx = (east - west) / (2.0 * h)
            dy = (south - north) / (2.0 * h)
            lap = (east + west + north + south - 4.0 * f) / (h * h)
            out.append(f + dt * (nu * lap - u * dx - v * dy))
        return ops.stack(out)

    w = ops.repeat(steps, step, w0)
    return 0.5 * h * h * ops.sum(w * w)


def particles(ops, x, c, p, parts):
    n = int(p["n"])
    pos, eps = x[:3 * n].reshape(n, 3), x[3 * n]
    d = pos[:, None, :] - pos[None, :, :]
    r2 = ops.sum(d * d, 2) + eps
    inv = 1.0 / (r2 * r2 * r2)
    return 0.5 * ops.sum((inv * inv - inv) * (1.0 - ops.eye(n)))


def docking(ops, x, c, p, parts):
    poses, nl = int(p["poses"]), int(p["nl"])
    v = split(ops, x, parts)
    t, lig = v["poses"].reshape(-1, 3), v["ligand"].reshape(-1, 3)
    prot, charges = c["protein"].reshape(-1, 3), c["charges"]
    d = lig[None, :, None, :] + t[:, None, None, :] - prot[None, None, :, :]
    inv = 1.0 / (ops.sum(d * d, 3) + 0.5)
    qq = charges[:nl][:, None] * charges[nl:][None, :]
    energy = ops.sum(ops.sum(qq[None] * ops.sqrt(inv) + inv * inv * inv, 2), 1)
    assert energy.shape[0] == poses
    return -ops.log(ops.sum(ops.exp(-energy)))


# name -> (objective, extra constants derived once from the manifest's)
PROBLEMS = {
    "gmm": (gmm, gmm_prepare),
    "lstm": (lstm, None),
    "ba": (ba, ba_prepare),
    "heat2d": (heat2d, None),
    "burgers": (burgers, None),
    "particles": (particles, None),
    "docking": (docking, None),
}
