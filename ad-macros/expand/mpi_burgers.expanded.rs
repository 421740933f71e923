/// `w0`: this rank's strip, the rows of `u` then the rows of `v`
/// (`2 * rows * nx` values). Returns the kinetic energy of the whole grid
/// after `steps` steps, on every rank.
#[allow(dead_code)]
pub fn burgers(
    w0: &[f64],
    nx: usize,
    steps: usize,
    dt: f64,
    nu: f64,
    world: &SimpleCommunicator,
) -> f64 {
    let rank = world.rank();
    let size = world.size();
    let up = world.process_at_rank((rank + size - 1) % size);
    let down = world.process_at_rank((rank + 1) % size);
    let rows = w0.len() / (2 * nx);
    let h = 1.0 / nx as f64;
    let stride = (rows + 2) * nx;
    let mut w = vec![0.0; 2 * stride];
    let mut next = vec![0.0; 2 * stride];
    for k in 0..2 {
        for r in 0..rows {
            for c in 0..nx {
                w[k * stride + (r + 1) * nx + c] = w0[(k * rows + r) * nx + c];
            }
        }
    }
    let mut first = vec![0.0; 2 * nx];
    let mut last = vec![0.0; 2 * nx];
    let mut above = vec![0.0; 2 * nx];
    let mut below = vec![0.0; 2 * nx];
    for _ in 0..steps {
        for k in 0..2 {
            for c in 0..nx {
                first[k * nx + c] = w[k * stride + nx + c];
                last[k * nx + c] = w[k * stride + rows * nx + c];
            }
        }
        mpi::request::scope(|scope| {
            let to_up = up.immediate_send_with_tag(scope, &first[..], 1);
            let to_down = down.immediate_send_with_tag(scope, &last[..], 2);
            let from_up = up.immediate_receive_into_with_tag(scope, &mut above[..], 2);
            let from_down = down
                .immediate_receive_into_with_tag(scope, &mut below[..], 1);
            to_up.wait();
            to_down.wait();
            from_up.wait();
            from_down.wait();
        });
        for k in 0..2 {
            for c in 0..nx {
                w[k * stride + c] = above[k * nx + c];
                w[k * stride + (rows + 1) * nx + c] = below[k * nx + c];
            }
        }
        for r in 1..rows + 1 {
            for c in 0..nx {
                let o = r * nx + c;
                let east = r * nx + (c + 1) % nx;
                let west = r * nx + (c + nx - 1) % nx;
                let north = o - nx;
                let south = o + nx;
                let u = w[o];
                let v = w[stride + o];
                for k in 0..2 {
                    let q = k * stride;
                    let dx = (w[q + east] - w[q + west]) / (2.0 * h);
                    let dy = (w[q + south] - w[q + north]) / (2.0 * h);
                    let lap = (w[q + east] + w[q + west] + w[q + north] + w[q + south]
                        - 4.0 * w[q + o]) / (h * h);
                    next[q + o] = w[q + o] + dt * (nu * lap - u * dx - v * dy);
                }
            }
        }
        std::mem::swap(&mut w, &mut next);
    }
    let mut local = 0.0;
    for k in 0..2 {
        for i in nx..(rows + 1) * nx {
            local += w[k * stride + i] * w[k * stride + i];
        }
    }
    let mut energy = 0.0;
    world.all_reduce_into(&local, &mut energy, SystemOperation::sum());
    0.5 * h * h * energy
}
#[doc(hidden)]
#[inline]
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn __parad_fwd_burgers(
    w0: &[f64],
    nx: usize,
    steps: usize,
    dt: f64,
    nu: f64,
    world: &SimpleCommunicator,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) -> (f64, f64) + use<>) {
    let mut tape_mpi = ::parad::__private::Tape::new();
    let mut tape_mpi_2 = ::parad::__private::Tape::new();
    let mut tape_mpi_3 = ::parad::__private::Tape::new();
    let mut tape_mpi_4 = ::parad::__private::Tape::new();
    let mut saved_w = ::parad::__private::Tape::new();
    let mut saved_w_2 = ::parad::__private::Tape::new();
    let mut saved_next = ::parad::__private::Tape::new();
    let adj_world = ::parad::__private::mpi::AdjointComm::new(world);
    let rank = ::parad::__private::mpi::rank(world);
    let size = ::parad::__private::mpi::size(world);
    let up_rank = (rank + size - 1) % size;
    let down_rank = (rank + 1) % size;
    let rows = w0.len() / (2 * nx);
    let h = 1.0 / nx as f64;
    let stride = (rows + 2) * nx;
    let mut w = ::std::vec![0.0; 2 * stride];
    let mut next = ::std::vec![0.0; 2 * stride];
    for k in 0..2 {
        for r in 0..rows {
            let w_w = ::parad::__private::window_mut(
                &mut w[..],
                k * stride + (r + 1) * nx,
                0..nx,
            );
            let w0_w = ::parad::__private::window(&w0[..], (k * rows + r) * nx, 0..nx);
            for c in 0..nx {
                w_w[c] = w0_w[c];
            }
        }
    }
    let mut first = ::std::vec![0.0; 2 * nx];
    let mut last = ::std::vec![0.0; 2 * nx];
    let mut above = ::std::vec![0.0; 2 * nx];
    let mut below = ::std::vec![0.0; 2 * nx];
    saved_w.reserve(steps * 2 * nx);
    saved_w_2.reserve(steps * 2 * nx);
    saved_next.reserve(steps * ::parad::__private::trip_count(1, rows + 1, 1) * nx * 2);
    for i in 0..steps {
        for k_2 in 0..2 {
            let first_w = ::parad::__private::window_mut(
                &mut first[..],
                k_2 * nx,
                0..nx,
            );
            let w_w_2 = ::parad::__private::window(&w[..], k_2 * stride + nx, 0..nx);
            let w_w_3 = ::parad::__private::window(
                &w[..],
                k_2 * stride + rows * nx,
                0..nx,
            );
            let last_w = ::parad::__private::window_mut(&mut last[..], k_2 * nx, 0..nx);
            for c_2 in 0..nx {
                first_w[c_2] = w_w_2[c_2];
                last_w[c_2] = w_w_3[c_2];
            }
        }
        let (to_up, to_up_record) = ::parad::__private::mpi::immediate_send(
            world,
            up_rank,
            ::core::option::Option::Some(1),
            &first,
        );
        let (to_down, to_down_record) = ::parad::__private::mpi::immediate_send(
            world,
            down_rank,
            ::core::option::Option::Some(2),
            &last,
        );
        let (from_up, mut from_up_record) = ::parad::__private::mpi::immediate_receive(
            world,
            up_rank,
            ::core::option::Option::Some(2),
            &above,
        );
        let (from_down, mut from_down_record) = ::parad::__private::mpi::immediate_receive(
            world,
            down_rank,
            ::core::option::Option::Some(1),
            &below,
        );
        to_up.wait();
        tape_mpi.push(to_up_record);
        to_down.wait();
        tape_mpi_2.push(to_down_record);
        let status = from_up.wait_into(&mut above);
        from_up_record.received(&status);
        tape_mpi_3.push(from_up_record);
        let status = from_down.wait_into(&mut below);
        from_down_record.received(&status);
        tape_mpi_4.push(from_down_record);
        for k_3 in 0..2 {
            let above_w = ::parad::__private::window(&above[..], k_3 * nx, 0..nx);
            let below_w = ::parad::__private::window(&below[..], k_3 * nx, 0..nx);
            for c_3 in 0..nx {
                saved_w.push_reserved(w[k_3 * stride + c_3]);
                w[k_3 * stride + c_3] = above_w[c_3];
                saved_w_2.push_reserved(w[k_3 * stride + (rows + 1) * nx + c_3]);
                w[k_3 * stride + (rows + 1) * nx + c_3] = below_w[c_3];
            }
        }
        for r_2 in 1..(rows + 1) {
            for c_4 in 0..nx {
                let o = r_2 * nx + c_4;
                let east = r_2 * nx + (c_4 + 1) % nx;
                let west = r_2 * nx + (c_4 + nx - 1) % nx;
                let north = o - nx;
                let south = o + nx;
                let u = w[o];
                let v = w[stride + o];
                for k_4 in 0..2 {
                    let q = k_4 * stride;
                    let dx = (w[q + east] - w[q + west]) / (2.0 * h);
                    let dy = (w[q + south] - w[q + north]) / (2.0 * h);
                    let lap = (w[q + east] + w[q + west] + w[q + north] + w[q + south]
                        - 4.0 * w[q + o]) / (h * h);
                    saved_next.push_reserved(next[q + o]);
                    next[q + o] = w[q + o] + dt * (nu * lap - u * dx - v * dy);
                }
            }
        }
        ::core::mem::swap(&mut w, &mut next);
    }
    let mut local = 0.0;
    for k_5 in 0..2 {
        let w_w_4 = ::parad::__private::window(
            &w[..],
            k_5 * stride,
            nx..(rows + 1) * nx,
        );
        for i_2 in nx..(rows + 1) * nx {
            local += w_w_4[i_2 - nx] * w_w_4[i_2 - nx];
        }
    }
    let mut energy = 0.0;
    let all_reduce_record = ::parad::__private::mpi::all_reduce(
        world,
        ::parad::__private::mpi::ReduceOp::Sum,
        ::core::slice::from_ref(&local),
        ::core::slice::from_mut(&mut energy),
    );
    let ret: f64 = 0.5 * h * h * energy;
    let reverse = move |w0: &[f64], dw0: &mut [f64], seed: f64| -> (f64, f64) {
        let mut dw0 = ::parad::__private::ShadowSlice::new(dw0);
        let mut ddt: f64 = 0.0;
        let mut dnu: f64 = 0.0;
        let mut dret = seed;
        let mut dw = ::std::vec![0.0; w.len()];
        let mut dnext = ::std::vec![0.0; next.len()];
        let mut dfirst = ::std::vec![0.0; first.len()];
        let mut dlast = ::std::vec![0.0; last.len()];
        let mut dabove = ::std::vec![0.0; above.len()];
        let mut dbelow = ::std::vec![0.0; below.len()];
        let mut dlocal = 0.0;
        let mut denergy = 0.0;
        denergy += dret * (0.5 * h * h);
        all_reduce_record
            .adjoint(
                &adj_world,
                ::core::option::Option::Some(::core::slice::from_mut(&mut dlocal)),
                ::core::option::Option::Some(::core::slice::from_mut(&mut denergy)),
            );
        for k_5 in 0..2 {
            let dw_w = ::parad::__private::window_mut(
                &mut dw[..],
                k_5 * stride,
                nx..(rows + 1) * nx,
            );
            let w_w_5 = ::parad::__private::window(
                &w[..],
                k_5 * stride,
                nx..(rows + 1) * nx,
            );
            for i_2 in nx..(rows + 1) * nx {
                dw_w[i_2 - nx] += dlocal * (2.0 * w_w_5[i_2 - nx]);
            }
        }
        let inv_h2 = 1.0 / (h * h);
        let inv_2h = 1.0 / (2.0 * h);
        for i in (0..steps).rev() {
            ::core::mem::swap(&mut w, &mut next);
            ::core::mem::swap(&mut dw, &mut dnext);
            for r_2 in (1..(rows + 1)).rev() {
                for c_4 in (0..nx).rev() {
                    let o = r_2 * nx + c_4;
                    let east = r_2 * nx + (c_4 + 1) % nx;
                    let west = r_2 * nx + (c_4 + nx - 1) % nx;
                    let north = o - nx;
                    let south = o + nx;
                    let u = w[o];
                    let v = w[stride + o];
                    let mut du = 0.0;
                    let mut dv = 0.0;
                    for k_4 in (0..2).rev() {
                        let q = k_4 * stride;
                        let dx = (w[q + east] - w[q + west]) / (2.0 * h);
                        let dy = (w[q + south] - w[q + north]) / (2.0 * h);
                        let lap = (w[q + east] + w[q + west] + w[q + north]
                            + w[q + south] - 4.0 * w[q + o]) / (h * h);
                        let mut ddx = 0.0;
                        let mut ddy = 0.0;
                        let mut dlap = 0.0;
                        next[q + o] = saved_next[((i
                            * ::parad::__private::trip_count(1, rows + 1, 1) + (r_2 - 1))
                            * nx + c_4) * 2 + k_4];
                        let g = dnext[q + o];
                        dnext[q + o] = 0.0;
                        let g_2 = g * dt;
                        let g_3 = -g_2;
                        let g_4 = -g_2;
                        dlap += g_2 * nu;
                        let g_5 = dlap * inv_h2;
                        ddy += g_4 * v;
                        let g_6 = ddy * inv_2h;
                        ddx += g_3 * u;
                        let g_7 = ddx * inv_2h;
                        dw[q + o] += g + -g_5 * 4.0;
                        ddt += g * (nu * lap - u * dx - v * dy);
                        dnu += g_2 * lap;
                        du += g_3 * dx;
                        dv += g_4 * dy;
                        dw[q + east] += g_5 + g_7;
                        dw[q + west] += g_5 + -g_7;
                        dw[q + north] += g_5 + -g_6;
                        dw[q + south] += g_5 + g_6;
                    }
                    dw[stride + o] += dv;
                    dw[o] += du;
                }
            }
            for k_3 in (0..2).rev() {
                let saved_w_2_w = ::parad::__private::window(
                    &saved_w_2[..],
                    (i * 2 + k_3) * nx,
                    0..nx,
                );
                let saved_w_w = ::parad::__private::window(
                    &saved_w[..],
                    (i * 2 + k_3) * nx,
                    0..nx,
                );
                let dbelow_w = ::parad::__private::window_mut(
                    &mut dbelow[..],
                    k_3 * nx,
                    0..nx,
                );
                let dabove_w = ::parad::__private::window_mut(
                    &mut dabove[..],
                    k_3 * nx,
                    0..nx,
                );
                for c_3 in (0..nx).rev() {
                    w[k_3 * stride + (rows + 1) * nx + c_3] = saved_w_2_w[c_3];
                    let g_8 = dw[k_3 * stride + (rows + 1) * nx + c_3];
                    dw[k_3 * stride + (rows + 1) * nx + c_3] = 0.0;
                    w[k_3 * stride + c_3] = saved_w_w[c_3];
                    let g_9 = dw[k_3 * stride + c_3];
                    dw[k_3 * stride + c_3] = 0.0;
                    dbelow_w[c_3] += g_8;
                    dabove_w[c_3] += g_9;
                }
            }
            let from_down_adjoint = tape_mpi_4
                .pop()
                .unwrap()
                .start_adjoint(
                    &adj_world,
                    ::core::option::Option::Some(&mut dbelow[..]),
                );
            let from_up_adjoint = tape_mpi_3
                .pop()
                .unwrap()
                .start_adjoint(
                    &adj_world,
                    ::core::option::Option::Some(&mut dabove[..]),
                );
            let to_down_adjoint = tape_mpi_2
                .pop()
                .unwrap()
                .start_adjoint(&adj_world, ::core::option::Option::Some(&mut dlast[..]));
            let to_up_adjoint = tape_mpi
                .pop()
                .unwrap()
                .start_adjoint(
                    &adj_world,
                    ::core::option::Option::Some(&mut dfirst[..]),
                );
            from_down_adjoint.finish(::core::option::Option::Some(&mut dbelow[..]));
            from_up_adjoint.finish(::core::option::Option::Some(&mut dabove[..]));
            to_down_adjoint.finish(::core::option::Option::Some(&mut dlast[..]));
            to_up_adjoint.finish(::core::option::Option::Some(&mut dfirst[..]));
            for k_2 in (0..2).rev() {
                let dlast_w = ::parad::__private::window_mut(
                    &mut dlast[..],
                    k_2 * nx,
                    0..nx,
                );
                let dfirst_w = ::parad::__private::window_mut(
                    &mut dfirst[..],
                    k_2 * nx,
                    0..nx,
                );
                for c_2 in (0..nx).rev() {
                    let g_10 = dlast_w[c_2];
                    dlast_w[c_2] = 0.0;
                    let g_11 = dfirst_w[c_2];
                    dfirst_w[c_2] = 0.0;
                    dw[k_2 * stride + rows * nx + c_2] += g_10;
                    dw[k_2 * stride + nx + c_2] += g_11;
                }
            }
        }
        for k in (0..2).rev() {
            for r in (0..rows).rev() {
                let dw_w_2 = ::parad::__private::window_mut(
                    &mut dw[..],
                    k * stride + (r + 1) * nx,
                    0..nx,
                );
                for c in (0..nx).rev() {
                    let g_12 = dw_w_2[c];
                    dw_w_2[c] = 0.0;
                    dw0[(k * rows + r) * nx + c] += g_12;
                }
            }
        }
        (ddt, dnu)
    };
    (ret, reverse)
}
#[doc(hidden)]
#[inline]
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn __parad_tan_burgers(
    w0: &[f64],
    tw0: &[f64],
    nx: usize,
    steps: usize,
    dt: f64,
    mut tdt: f64,
    nu: f64,
    mut tnu: f64,
    world: &SimpleCommunicator,
) -> (f64, f64) {
    let tw0 = ::parad::__private::TangentSlice::new(tw0);
    let adj_world = ::parad::__private::mpi::AdjointComm::new(world);
    let rank = ::parad::__private::mpi::rank(world);
    let size = ::parad::__private::mpi::size(world);
    let up_rank = (rank + size - 1) % size;
    let down_rank = (rank + 1) % size;
    let rows = w0.len() / (2 * nx);
    let h = 1.0 / nx as f64;
    let stride = (rows + 2) * nx;
    let mut tw = ::std::vec![0.0; 2 * stride];
    let mut w = ::std::vec![0.0; 2 * stride];
    let mut tnext = ::std::vec![0.0; 2 * stride];
    let mut next = ::std::vec![0.0; 2 * stride];
    for k in 0..2 {
        for r in 0..rows {
            for c in 0..nx {
                tw[k * stride + (r + 1) * nx + c] = tw0[(k * rows + r) * nx + c];
                w[k * stride + (r + 1) * nx + c] = w0[(k * rows + r) * nx + c];
            }
        }
    }
    let mut tfirst = ::std::vec![0.0; 2 * nx];
    let mut first = ::std::vec![0.0; 2 * nx];
    let mut tlast = ::std::vec![0.0; 2 * nx];
    let mut last = ::std::vec![0.0; 2 * nx];
    let mut tabove = ::std::vec![0.0; 2 * nx];
    let mut above = ::std::vec![0.0; 2 * nx];
    let mut tbelow = ::std::vec![0.0; 2 * nx];
    let mut below = ::std::vec![0.0; 2 * nx];
    for i in 0..steps {
        for k_2 in 0..2 {
            for c_2 in 0..nx {
                tfirst[k_2 * nx + c_2] = tw[k_2 * stride + nx + c_2];
                first[k_2 * nx + c_2] = w[k_2 * stride + nx + c_2];
                tlast[k_2 * nx + c_2] = tw[k_2 * stride + rows * nx + c_2];
                last[k_2 * nx + c_2] = w[k_2 * stride + rows * nx + c_2];
            }
        }
        let (to_up, _) = ::parad::__private::mpi::immediate_send(
            world,
            up_rank,
            ::core::option::Option::Some(1),
            &first,
        );
        let (to_up_tangent, _) = ::parad::__private::mpi::immediate_send(
            adj_world.communicator(),
            up_rank,
            ::core::option::Option::Some(1),
            &tfirst[..],
        );
        let (to_down, _) = ::parad::__private::mpi::immediate_send(
            world,
            down_rank,
            ::core::option::Option::Some(2),
            &last,
        );
        let (to_down_tangent, _) = ::parad::__private::mpi::immediate_send(
            adj_world.communicator(),
            down_rank,
            ::core::option::Option::Some(2),
            &tlast[..],
        );
        let (from_up, _) = ::parad::__private::mpi::immediate_receive(
            world,
            up_rank,
            ::core::option::Option::Some(2),
            &above,
        );
        let (from_up_tangent, _) = ::parad::__private::mpi::immediate_receive(
            adj_world.communicator(),
            up_rank,
            ::core::option::Option::Some(2),
            &tabove[..],
        );
        let (from_down, _) = ::parad::__private::mpi::immediate_receive(
            world,
            down_rank,
            ::core::option::Option::Some(1),
            &below,
        );
        let (from_down_tangent, _) = ::parad::__private::mpi::immediate_receive(
            adj_world.communicator(),
            down_rank,
            ::core::option::Option::Some(1),
            &tbelow[..],
        );
        to_up.wait();
        to_up_tangent.wait();
        to_down.wait();
        to_down_tangent.wait();
        let status = from_up.wait_into(&mut above);
        let status = from_up_tangent.wait_into(&mut tabove[..]);
        let status = from_down.wait_into(&mut below);
        let status = from_down_tangent.wait_into(&mut tbelow[..]);
        for k_3 in 0..2 {
            for c_3 in 0..nx {
                tw[k_3 * stride + c_3] = tabove[k_3 * nx + c_3];
                w[k_3 * stride + c_3] = above[k_3 * nx + c_3];
                tw[k_3 * stride + (rows + 1) * nx + c_3] = tbelow[k_3 * nx + c_3];
                w[k_3 * stride + (rows + 1) * nx + c_3] = below[k_3 * nx + c_3];
            }
        }
        for r_2 in 1..(rows + 1) {
            for c_4 in 0..nx {
                let o = r_2 * nx + c_4;
                let east = r_2 * nx + (c_4 + 1) % nx;
                let west = r_2 * nx + (c_4 + nx - 1) % nx;
                let north = o - nx;
                let south = o + nx;
                let tu = tw[o];
                let u = w[o];
                let tv = tw[stride + o];
                let v = w[stride + o];
                for k_4 in 0..2 {
                    let q = k_4 * stride;
                    let tdx = (tw[q + east] - tw[q + west]) / (2.0 * h);
                    let dx = (w[q + east] - w[q + west]) / (2.0 * h);
                    let tdy = (tw[q + south] - tw[q + north]) / (2.0 * h);
                    let dy = (w[q + south] - w[q + north]) / (2.0 * h);
                    let tlap = (tw[q + east] + tw[q + west] + tw[q + north]
                        + tw[q + south] - 4.0 * tw[q + o]) / (h * h);
                    let lap = (w[q + east] + w[q + west] + w[q + north] + w[q + south]
                        - 4.0 * w[q + o]) / (h * h);
                    tnext[q + o] = tw[q + o]
                        + (tdt * (nu * lap - u * dx - v * dy)
                            + dt
                                * (tnu * lap + nu * tlap - (tu * dx + u * tdx)
                                    - (tv * dy + v * tdy)));
                    next[q + o] = w[q + o] + dt * (nu * lap - u * dx - v * dy);
                }
            }
        }
        ::core::mem::swap(&mut tw, &mut tnext);
        ::core::mem::swap(&mut w, &mut next);
    }
    let mut tlocal = 0.0;
    let mut local = 0.0;
    for k_5 in 0..2 {
        for i_2 in nx..(rows + 1) * nx {
            tlocal
                += tw[k_5 * stride + i_2] * w[k_5 * stride + i_2]
                    + w[k_5 * stride + i_2] * tw[k_5 * stride + i_2];
            local += w[k_5 * stride + i_2] * w[k_5 * stride + i_2];
        }
    }
    let mut tenergy = 0.0;
    let mut energy = 0.0;
    let all_reduce_record = ::parad::__private::mpi::all_reduce(
        world,
        ::parad::__private::mpi::ReduceOp::Sum,
        ::core::slice::from_ref(&local),
        ::core::slice::from_mut(&mut energy),
    );
    all_reduce_record
        .tangent(
            &adj_world,
            ::core::option::Option::Some(::core::slice::from_ref(&tlocal)),
            ::core::option::Option::Some(::core::slice::from_mut(&mut tenergy)),
        );
    let tret = 0.5 * h * h * tenergy;
    let ret: f64 = 0.5 * h * h * energy;
    (ret, tret)
}
/// Reverse-mode derivative of [`burgers`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_burgers(
    w0: &[f64],
    dw0: &mut [f64],
    nx: usize,
    steps: usize,
    dt: f64,
    nu: f64,
    world: &SimpleCommunicator,
    seed: f64,
) -> f64 {
    ::core::assert_eq!(
        dw0.len(), w0.len(), "the shadow of `w0` must have the length of `w0`"
    );
    let mut tape_mpi = ::parad::__private::Tape::new();
    let mut tape_mpi_2 = ::parad::__private::Tape::new();
    let mut tape_mpi_3 = ::parad::__private::Tape::new();
    let mut tape_mpi_4 = ::parad::__private::Tape::new();
    let mut saved_w = ::parad::__private::Tape::new();
    let mut saved_w_2 = ::parad::__private::Tape::new();
    let mut saved_next = ::parad::__private::Tape::new();
    let adj_world = ::parad::__private::mpi::AdjointComm::new(world);
    let rank = ::parad::__private::mpi::rank(world);
    let size = ::parad::__private::mpi::size(world);
    let up_rank = (rank + size - 1) % size;
    let down_rank = (rank + 1) % size;
    let rows = w0.len() / (2 * nx);
    let h = 1.0 / nx as f64;
    let stride = (rows + 2) * nx;
    let mut w = ::std::vec![0.0; 2 * stride];
    let mut next = ::std::vec![0.0; 2 * stride];
    for k in 0..2 {
        for r in 0..rows {
            let w_w = ::parad::__private::window_mut(
                &mut w[..],
                k * stride + (r + 1) * nx,
                0..nx,
            );
            let w0_w = ::parad::__private::window(&w0[..], (k * rows + r) * nx, 0..nx);
            for c in 0..nx {
                w_w[c] = w0_w[c];
            }
        }
    }
    let mut first = ::std::vec![0.0; 2 * nx];
    let mut last = ::std::vec![0.0; 2 * nx];
    let mut above = ::std::vec![0.0; 2 * nx];
    let mut below = ::std::vec![0.0; 2 * nx];
    saved_w.reserve(steps * 2 * nx);
    saved_w_2.reserve(steps * 2 * nx);
    saved_next.reserve(steps * ::parad::__private::trip_count(1, rows + 1, 1) * nx * 2);
    for i in 0..steps {
        for k_2 in 0..2 {
            let first_w = ::parad::__private::window_mut(
                &mut first[..],
                k_2 * nx,
                0..nx,
            );
            let w_w_2 = ::parad::__private::window(&w[..], k_2 * stride + nx, 0..nx);
            let w_w_3 = ::parad::__private::window(
                &w[..],
                k_2 * stride + rows * nx,
                0..nx,
            );
            let last_w = ::parad::__private::window_mut(&mut last[..], k_2 * nx, 0..nx);
            for c_2 in 0..nx {
                first_w[c_2] = w_w_2[c_2];
                last_w[c_2] = w_w_3[c_2];
            }
        }
        let (to_up, to_up_record) = ::parad::__private::mpi::immediate_send(
            world,
            up_rank,
            ::core::option::Option::Some(1),
            &first,
        );
        let (to_down, to_down_record) = ::parad::__private::mpi::immediate_send(
            world,
            down_rank,
            ::core::option::Option::Some(2),
            &last,
        );
        let (from_up, mut from_up_record) = ::parad::__private::mpi::immediate_receive(
            world,
            up_rank,
            ::core::option::Option::Some(2),
            &above,
        );
        let (from_down, mut from_down_record) = ::parad::__private::mpi::immediate_receive(
            world,
            down_rank,
            ::core::option::Option::Some(1),
            &below,
        );
        to_up.wait();
        tape_mpi.push(to_up_record);
        to_down.wait();
        tape_mpi_2.push(to_down_record);
        let status = from_up.wait_into(&mut above);
        from_up_record.received(&status);
        tape_mpi_3.push(from_up_record);
        let status = from_down.wait_into(&mut below);
        from_down_record.received(&status);
        tape_mpi_4.push(from_down_record);
        for k_3 in 0..2 {
            let above_w = ::parad::__private::window(&above[..], k_3 * nx, 0..nx);
            let below_w = ::parad::__private::window(&below[..], k_3 * nx, 0..nx);
            for c_3 in 0..nx {
                saved_w.push_reserved(w[k_3 * stride + c_3]);
                w[k_3 * stride + c_3] = above_w[c_3];
                saved_w_2.push_reserved(w[k_3 * stride + (rows + 1) * nx + c_3]);
                w[k_3 * stride + (rows + 1) * nx + c_3] = below_w[c_3];
            }
        }
        for r_2 in 1..(rows + 1) {
            for c_4 in 0..nx {
                let o = r_2 * nx + c_4;
                let east = r_2 * nx + (c_4 + 1) % nx;
                let west = r_2 * nx + (c_4 + nx - 1) % nx;
                let north = o - nx;
                let south = o + nx;
                let u = w[o];
                let v = w[stride + o];
                for k_4 in 0..2 {
                    let q = k_4 * stride;
                    let dx = (w[q + east] - w[q + west]) / (2.0 * h);
                    let dy = (w[q + south] - w[q + north]) / (2.0 * h);
                    let lap = (w[q + east] + w[q + west] + w[q + north] + w[q + south]
                        - 4.0 * w[q + o]) / (h * h);
                    saved_next.push_reserved(next[q + o]);
                    next[q + o] = w[q + o] + dt * (nu * lap - u * dx - v * dy);
                }
            }
        }
        ::core::mem::swap(&mut w, &mut next);
    }
    let mut local = 0.0;
    for k_5 in 0..2 {
        let w_w_4 = ::parad::__private::window(
            &w[..],
            k_5 * stride,
            nx..(rows + 1) * nx,
        );
        for i_2 in nx..(rows + 1) * nx {
            local += w_w_4[i_2 - nx] * w_w_4[i_2 - nx];
        }
    }
    let mut energy = 0.0;
    let all_reduce_record = ::parad::__private::mpi::all_reduce(
        world,
        ::parad::__private::mpi::ReduceOp::Sum,
        ::core::slice::from_ref(&local),
        ::core::slice::from_mut(&mut energy),
    );
    let ret: f64 = 0.5 * h * h * energy;
    let primal = ret;
    let dw0 = &mut dw0[..w0.len()];
    let mut ddt: f64 = 0.0;
    let mut dnu: f64 = 0.0;
    let mut dret = seed;
    let mut dw = ::std::vec![0.0; w.len()];
    let mut dnext = ::std::vec![0.0; next.len()];
    let mut dfirst = ::std::vec![0.0; first.len()];
    let mut dlast = ::std::vec![0.0; last.len()];
    let mut dabove = ::std::vec![0.0; above.len()];
    let mut dbelow = ::std::vec![0.0; below.len()];
    let mut dlocal = 0.0;
    let mut denergy = 0.0;
    denergy += dret * (0.5 * h * h);
    all_reduce_record
        .adjoint(
            &adj_world,
            ::core::option::Option::Some(::core::slice::from_mut(&mut dlocal)),
            ::core::option::Option::Some(::core::slice::from_mut(&mut denergy)),
        );
    for k_5 in 0..2 {
        let dw_w = ::parad::__private::window_mut(
            &mut dw[..],
            k_5 * stride,
            nx..(rows + 1) * nx,
        );
        let w_w_5 = ::parad::__private::window(
            &w[..],
            k_5 * stride,
            nx..(rows + 1) * nx,
        );
        for i_2 in nx..(rows + 1) * nx {
            dw_w[i_2 - nx] += dlocal * (2.0 * w_w_5[i_2 - nx]);
        }
    }
    let inv_h2 = 1.0 / (h * h);
    let inv_2h = 1.0 / (2.0 * h);
    for i in (0..steps).rev() {
        ::core::mem::swap(&mut w, &mut next);
        ::core::mem::swap(&mut dw, &mut dnext);
        for r_2 in (1..(rows + 1)).rev() {
            for c_4 in (0..nx).rev() {
                let o = r_2 * nx + c_4;
                let east = r_2 * nx + (c_4 + 1) % nx;
                let west = r_2 * nx + (c_4 + nx - 1) % nx;
                let north = o - nx;
                let south = o + nx;
                let u = w[o];
                let v = w[stride + o];
                let mut du = 0.0;
                let mut dv = 0.0;
                for k_4 in (0..2).rev() {
                    let q = k_4 * stride;
                    let dx = (w[q + east] - w[q + west]) / (2.0 * h);
                    let dy = (w[q + south] - w[q + north]) / (2.0 * h);
                    let mut ddx = 0.0;
                    let mut ddy = 0.0;
                    let mut dlap = 0.0;
                    next[q + o] = saved_next[((i
                        * ::parad::__private::trip_count(1, rows + 1, 1) + (r_2 - 1))
                        * nx + c_4) * 2 + k_4];
                    let g = dnext[q + o];
                    dnext[q + o] = 0.0;
                    let g_2 = g * dt;
                    let g_3 = -g_2;
                    let g_4 = -g_2;
                    dlap += g_2 * nu;
                    let g_5 = dlap * inv_h2;
                    ddy += g_4 * v;
                    let g_6 = ddy * inv_2h;
                    ddx += g_3 * u;
                    let g_7 = ddx * inv_2h;
                    dw[q + o] += g + -g_5 * 4.0;
                    du += g_3 * dx;
                    dv += g_4 * dy;
                    dw[q + east] += g_5 + g_7;
                    dw[q + west] += g_5 + -g_7;
                    dw[q + north] += g_5 + -g_6;
                    dw[q + south] += g_5 + g_6;
                }
                dw[stride + o] += dv;
                dw[o] += du;
            }
        }
        for k_3 in (0..2).rev() {
            let saved_w_2_w = ::parad::__private::window(
                &saved_w_2[..],
                (i * 2 + k_3) * nx,
                0..nx,
            );
            let saved_w_w = ::parad::__private::window(
                &saved_w[..],
                (i * 2 + k_3) * nx,
                0..nx,
            );
            let dbelow_w = ::parad::__private::window_mut(
                &mut dbelow[..],
                k_3 * nx,
                0..nx,
            );
            let dabove_w = ::parad::__private::window_mut(
                &mut dabove[..],
                k_3 * nx,
                0..nx,
            );
            for c_3 in (0..nx).rev() {
                w[k_3 * stride + (rows + 1) * nx + c_3] = saved_w_2_w[c_3];
                let g_8 = dw[k_3 * stride + (rows + 1) * nx + c_3];
                dw[k_3 * stride + (rows + 1) * nx + c_3] = 0.0;
                w[k_3 * stride + c_3] = saved_w_w[c_3];
                let g_9 = dw[k_3 * stride + c_3];
                dw[k_3 * stride + c_3] = 0.0;
                dbelow_w[c_3] += g_8;
                dabove_w[c_3] += g_9;
            }
        }
        let from_down_adjoint = tape_mpi_4
            .pop()
            .unwrap()
            .start_adjoint(&adj_world, ::core::option::Option::Some(&mut dbelow[..]));
        let from_up_adjoint = tape_mpi_3
            .pop()
            .unwrap()
            .start_adjoint(&adj_world, ::core::option::Option::Some(&mut dabove[..]));
        let to_down_adjoint = tape_mpi_2
            .pop()
            .unwrap()
            .start_adjoint(&adj_world, ::core::option::Option::Some(&mut dlast[..]));
        let to_up_adjoint = tape_mpi
            .pop()
            .unwrap()
            .start_adjoint(&adj_world, ::core::option::Option::Some(&mut dfirst[..]));
        from_down_adjoint.finish(::core::option::Option::Some(&mut dbelow[..]));
        from_up_adjoint.finish(::core::option::Option::Some(&mut dabove[..]));
        to_down_adjoint.finish(::core::option::Option::Some(&mut dlast[..]));
        to_up_adjoint.finish(::core::option::Option::Some(&mut dfirst[..]));
        for k_2 in (0..2).rev() {
            let dlast_w = ::parad::__private::window_mut(
                &mut dlast[..],
                k_2 * nx,
                0..nx,
            );
            let dfirst_w = ::parad::__private::window_mut(
                &mut dfirst[..],
                k_2 * nx,
                0..nx,
            );
            for c_2 in (0..nx).rev() {
                let g_10 = dlast_w[c_2];
                dlast_w[c_2] = 0.0;
                let g_11 = dfirst_w[c_2];
                dfirst_w[c_2] = 0.0;
                dw[k_2 * stride + rows * nx + c_2] += g_10;
                dw[k_2 * stride + nx + c_2] += g_11;
            }
        }
    }
    for k in (0..2).rev() {
        for r in (0..rows).rev() {
            let dw_w_2 = ::parad::__private::window_mut(
                &mut dw[..],
                k * stride + (r + 1) * nx,
                0..nx,
            );
            let dw0_w = ::parad::__private::window_mut(
                &mut dw0[..],
                (k * rows + r) * nx,
                0..nx,
            );
            for c in (0..nx).rev() {
                let g_12 = dw_w_2[c];
                dw_w_2[c] = 0.0;
                dw0_w[c] += g_12;
            }
        }
    }
    primal
}
