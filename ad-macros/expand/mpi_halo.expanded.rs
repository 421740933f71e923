#[allow(dead_code)]
pub fn halo(x: &[f64], steps: usize, world: &SimpleCommunicator) -> f64 {
    let rank = world.rank();
    let size = world.size();
    let up = world.process_at_rank((rank + size - 1) % size);
    let down = world.process_at_rank((rank + 1) % size);
    let n = x.len();
    let mut u = x.to_vec();
    let mut ghost = vec![0.0; 1];
    for _ in 0..steps {
        mpi::request::scope(|scope| {
            let sent = down.immediate_send(scope, &u[n - 1..n]);
            let got = up.immediate_receive_into(scope, &mut ghost[..]);
            sent.wait();
            got.wait();
        });
        for i in (1..n).rev() {
            u[i] = u[i] * u[i - 1];
        }
        u[0] = u[0] * ghost[0];
    }
    let mut local = 0.0;
    for i in 0..n {
        local += u[i];
    }
    let mut total = 0.0;
    world.all_reduce_into(&local, &mut total, SystemOperation::sum());
    total
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
pub fn __parad_fwd_halo(
    x: &[f64],
    steps: usize,
    world: &SimpleCommunicator,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) + use<>) {
    let mut tape_mpi = ::parad::__private::Tape::new();
    let mut tape_mpi_2 = ::parad::__private::Tape::new();
    let mut saved_ghost = ::std::vec::Vec::new();
    let mut saved_u = ::parad::__private::Tape::new();
    let mut saved_u_2 = ::parad::__private::Tape::new();
    let adj_world = ::parad::__private::mpi::AdjointComm::new(world);
    let rank = ::parad::__private::mpi::rank(world);
    let size = ::parad::__private::mpi::size(world);
    let up_rank = (rank + size - 1) % size;
    let down_rank = (rank + 1) % size;
    let n = x.len();
    let mut u = x.to_vec();
    let mut ghost = ::std::vec![0.0; 1];
    saved_u.resize(steps * ::parad::__private::trip_count(1, n, 1), 0.0);
    saved_u_2.reserve(steps);
    for i in 0..steps {
        let (sent, sent_record) = ::parad::__private::mpi::immediate_send(
            world,
            down_rank,
            ::core::option::Option::None,
            &u[n - 1..n],
        );
        let (got, mut got_record) = ::parad::__private::mpi::immediate_receive(
            world,
            up_rank,
            ::core::option::Option::None,
            &ghost,
        );
        sent.wait();
        tape_mpi.push(sent_record);
        saved_ghost.push(ghost.to_vec());
        let status = got.wait_into(&mut ghost);
        got_record.received(&status);
        tape_mpi_2.push(got_record);
        let u_w = ::parad::__private::window_span_mut(&mut u[..], -1, 0, 1..n);
        if !u_w.is_empty() {
            let mut u_1 = u_w[n - 1];
            for i_2 in (1..n).rev() {
                let mut u_0 = u_w[i_2 - 1];
                saved_u[i * ::parad::__private::trip_count(1, n, 1) + (i_2 - 1)] = u_1;
                u_1 = u_1 * u_0;
                u_w[i_2 - 1 + 1] = u_1;
                u_1 = u_0;
            }
            u_w[0] = u_1;
        }
        saved_u_2.push_reserved(u[0]);
        u[0] = u[0] * ghost[0];
    }
    let mut local = 0.0;
    let u_w_2 = ::parad::__private::window(&u[..], 0, 0..n);
    for i_3 in 0..n {
        local += u_w_2[i_3];
    }
    let mut total = 0.0;
    let all_reduce_record = ::parad::__private::mpi::all_reduce(
        world,
        ::parad::__private::mpi::ReduceOp::Sum,
        ::core::slice::from_ref(&local),
        ::core::slice::from_mut(&mut total),
    );
    let ret: f64 = total;
    let reverse = move |x: &[f64], dx: &mut [f64], seed: f64| {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dret = seed;
        let mut du = ::std::vec![0.0; u.len()];
        let mut dghost = ::std::vec![0.0; ghost.len()];
        let mut dlocal = 0.0;
        let mut dtotal = 0.0;
        dtotal += dret;
        all_reduce_record
            .adjoint(
                &adj_world,
                ::core::option::Option::Some(::core::slice::from_mut(&mut dlocal)),
                ::core::option::Option::Some(::core::slice::from_mut(&mut dtotal)),
            );
        let du_w = ::parad::__private::window_mut(&mut du[..], 0, 0..n);
        for i_3 in 0..n {
            du_w[i_3] += dlocal;
        }
        let saved_u_2_w = ::parad::__private::window(&saved_u_2[..], 0, 0..steps);
        for i in (0..steps).rev() {
            u[0] = saved_u_2_w[i];
            let g = du[0];
            du[0] = 0.0;
            du[0] += g * ghost[0];
            dghost[0] += g * u[0];
            let du_w_2 = ::parad::__private::window_span_mut(&mut du[..], -1, 0, 1..n);
            if !du_w_2.is_empty() {
                let u_w_3 = ::parad::__private::window_span_mut(&mut u[..], -1, 0, 1..n);
                if !u_w_3.is_empty() {
                    let mut u_0_2 = u_w_3[0];
                    let mut du_0 = du_w_2[0];
                    for i_2 in 1..n {
                        let mut u_1_2 = u_w_3[i_2 - 1 + 1];
                        let mut du_1 = du_w_2[i_2 - 1 + 1];
                        u_1_2 = saved_u[i * ::parad::__private::trip_count(1, n, 1)
                            + (i_2 - 1)];
                        let g_2 = du_1;
                        du_1 = 0.0;
                        du_1 += g_2 * u_0_2;
                        du_0 += g_2 * u_1_2;
                        u_w_3[i_2 - 1] = u_0_2;
                        u_0_2 = u_1_2;
                        du_w_2[i_2 - 1] = du_0;
                        du_0 = du_1;
                    }
                    u_w_3[n - 1] = u_0_2;
                    du_w_2[n - 1] = du_0;
                }
            }
            let got_adjoint = tape_mpi_2
                .pop()
                .unwrap()
                .start_adjoint(
                    &adj_world,
                    ::core::option::Option::Some(&mut dghost[..]),
                );
            ghost.copy_from_slice(&saved_ghost.pop().unwrap());
            let u_lo = n - 1;
            let sent_adjoint = tape_mpi
                .pop()
                .unwrap()
                .start_adjoint(
                    &adj_world,
                    ::core::option::Option::Some(&mut du[u_lo..n]),
                );
            got_adjoint.finish(::core::option::Option::Some(&mut dghost[..]));
            let u_lo = n - 1;
            sent_adjoint.finish(::core::option::Option::Some(&mut du[u_lo..n]));
        }
        for k in 0..du.len() {
            dx[k] += du[k];
        }
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
pub fn __parad_tan_halo(
    x: &[f64],
    tx: &[f64],
    steps: usize,
    world: &SimpleCommunicator,
) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let adj_world = ::parad::__private::mpi::AdjointComm::new(world);
    let rank = ::parad::__private::mpi::rank(world);
    let size = ::parad::__private::mpi::size(world);
    let up_rank = (rank + size - 1) % size;
    let down_rank = (rank + 1) % size;
    let n = x.len();
    let mut tu = ::parad::__private::copy_or_zeros(tx.as_slice(), (x).len());
    let mut u = x.to_vec();
    let mut tghost = ::std::vec![0.0; 1];
    let mut ghost = ::std::vec![0.0; 1];
    for i in 0..steps {
        let u_lo = n - 1;
        let (sent, _) = ::parad::__private::mpi::immediate_send(
            world,
            down_rank,
            ::core::option::Option::None,
            &u[u_lo..n],
        );
        let (sent_tangent, _) = ::parad::__private::mpi::immediate_send(
            adj_world.communicator(),
            down_rank,
            ::core::option::Option::None,
            &tu[u_lo..n],
        );
        let (got, _) = ::parad::__private::mpi::immediate_receive(
            world,
            up_rank,
            ::core::option::Option::None,
            &ghost,
        );
        let (got_tangent, _) = ::parad::__private::mpi::immediate_receive(
            adj_world.communicator(),
            up_rank,
            ::core::option::Option::None,
            &tghost[..],
        );
        let u_lo = n - 1;
        sent.wait();
        sent_tangent.wait();
        let status = got.wait_into(&mut ghost);
        let status = got_tangent.wait_into(&mut tghost[..]);
        for i_2 in (1..n).rev() {
            tu[i_2] = tu[i_2] * u[i_2 - 1] + u[i_2] * tu[i_2 - 1];
            u[i_2] = u[i_2] * u[i_2 - 1];
        }
        tu[0] = tu[0] * ghost[0] + u[0] * tghost[0];
        u[0] = u[0] * ghost[0];
    }
    let mut tlocal = 0.0;
    let mut local = 0.0;
    for i_3 in 0..n {
        tlocal += tu[i_3];
        local += u[i_3];
    }
    let mut ttotal = 0.0;
    let mut total = 0.0;
    let all_reduce_record = ::parad::__private::mpi::all_reduce(
        world,
        ::parad::__private::mpi::ReduceOp::Sum,
        ::core::slice::from_ref(&local),
        ::core::slice::from_mut(&mut total),
    );
    all_reduce_record
        .tangent(
            &adj_world,
            ::core::option::Option::Some(::core::slice::from_ref(&tlocal)),
            ::core::option::Option::Some(::core::slice::from_mut(&mut ttotal)),
        );
    let tret = ttotal;
    let ret: f64 = total;
    (ret, tret)
}
/// Reverse-mode derivative of [`halo`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_halo(
    x: &[f64],
    dx: &mut [f64],
    steps: usize,
    world: &SimpleCommunicator,
    seed: f64,
) -> f64 {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let mut tape_mpi = ::parad::__private::Tape::new();
    let mut tape_mpi_2 = ::parad::__private::Tape::new();
    let mut saved_ghost = ::std::vec::Vec::new();
    let mut saved_u = ::parad::__private::Tape::new();
    let mut saved_u_2 = ::parad::__private::Tape::new();
    let adj_world = ::parad::__private::mpi::AdjointComm::new(world);
    let rank = ::parad::__private::mpi::rank(world);
    let size = ::parad::__private::mpi::size(world);
    let up_rank = (rank + size - 1) % size;
    let down_rank = (rank + 1) % size;
    let n = x.len();
    let mut u = x.to_vec();
    let mut ghost = ::std::vec![0.0; 1];
    saved_u.resize(steps * ::parad::__private::trip_count(1, n, 1), 0.0);
    saved_u_2.reserve(steps);
    for i in 0..steps {
        let (sent, sent_record) = ::parad::__private::mpi::immediate_send(
            world,
            down_rank,
            ::core::option::Option::None,
            &u[n - 1..n],
        );
        let (got, mut got_record) = ::parad::__private::mpi::immediate_receive(
            world,
            up_rank,
            ::core::option::Option::None,
            &ghost,
        );
        sent.wait();
        tape_mpi.push(sent_record);
        saved_ghost.push(ghost.to_vec());
        let status = got.wait_into(&mut ghost);
        got_record.received(&status);
        tape_mpi_2.push(got_record);
        let u_w = ::parad::__private::window_span_mut(&mut u[..], -1, 0, 1..n);
        if !u_w.is_empty() {
            let mut u_1 = u_w[n - 1];
            for i_2 in (1..n).rev() {
                let mut u_0 = u_w[i_2 - 1];
                saved_u[i * ::parad::__private::trip_count(1, n, 1) + (i_2 - 1)] = u_1;
                u_1 = u_1 * u_0;
                u_w[i_2 - 1 + 1] = u_1;
                u_1 = u_0;
            }
            u_w[0] = u_1;
        }
        saved_u_2.push_reserved(u[0]);
        u[0] = u[0] * ghost[0];
    }
    let mut local = 0.0;
    let u_w_2 = ::parad::__private::window(&u[..], 0, 0..n);
    for i_3 in 0..n {
        local += u_w_2[i_3];
    }
    let mut total = 0.0;
    let all_reduce_record = ::parad::__private::mpi::all_reduce(
        world,
        ::parad::__private::mpi::ReduceOp::Sum,
        ::core::slice::from_ref(&local),
        ::core::slice::from_mut(&mut total),
    );
    let ret: f64 = total;
    let primal = ret;
    let dx = &mut dx[..x.len()];
    let mut dret = seed;
    let mut du = ::std::vec![0.0; u.len()];
    let mut dghost = ::std::vec![0.0; ghost.len()];
    let mut dlocal = 0.0;
    let mut dtotal = 0.0;
    dtotal += dret;
    all_reduce_record
        .adjoint(
            &adj_world,
            ::core::option::Option::Some(::core::slice::from_mut(&mut dlocal)),
            ::core::option::Option::Some(::core::slice::from_mut(&mut dtotal)),
        );
    let du_w = ::parad::__private::window_mut(&mut du[..], 0, 0..n);
    for i_3 in 0..n {
        du_w[i_3] += dlocal;
    }
    let saved_u_2_w = ::parad::__private::window(&saved_u_2[..], 0, 0..steps);
    for i in (0..steps).rev() {
        u[0] = saved_u_2_w[i];
        let g = du[0];
        du[0] = 0.0;
        du[0] += g * ghost[0];
        dghost[0] += g * u[0];
        let du_w_2 = ::parad::__private::window_span_mut(&mut du[..], -1, 0, 1..n);
        if !du_w_2.is_empty() {
            let u_w_3 = ::parad::__private::window_span_mut(&mut u[..], -1, 0, 1..n);
            if !u_w_3.is_empty() {
                let mut u_0_2 = u_w_3[0];
                let mut du_0 = du_w_2[0];
                for i_2 in 1..n {
                    let mut u_1_2 = u_w_3[i_2 - 1 + 1];
                    let mut du_1 = du_w_2[i_2 - 1 + 1];
                    u_1_2 = saved_u[i * ::parad::__private::trip_count(1, n, 1)
                        + (i_2 - 1)];
                    let g_2 = du_1;
                    du_1 = 0.0;
                    du_1 += g_2 * u_0_2;
                    du_0 += g_2 * u_1_2;
                    u_w_3[i_2 - 1] = u_0_2;
                    u_0_2 = u_1_2;
                    du_w_2[i_2 - 1] = du_0;
                    du_0 = du_1;
                }
                u_w_3[n - 1] = u_0_2;
                du_w_2[n - 1] = du_0;
            }
        }
        let got_adjoint = tape_mpi_2
            .pop()
            .unwrap()
            .start_adjoint(&adj_world, ::core::option::Option::Some(&mut dghost[..]));
        ghost.copy_from_slice(&saved_ghost.pop().unwrap());
        let u_lo = n - 1;
        let sent_adjoint = tape_mpi
            .pop()
            .unwrap()
            .start_adjoint(&adj_world, ::core::option::Option::Some(&mut du[u_lo..n]));
        got_adjoint.finish(::core::option::Option::Some(&mut dghost[..]));
        let u_lo = n - 1;
        sent_adjoint.finish(::core::option::Option::Some(&mut du[u_lo..n]));
    }
    for k in 0..du.len() {
        dx[k] += du[k];
    }
    primal
}
