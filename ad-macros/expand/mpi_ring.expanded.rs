#[allow(dead_code)]
pub fn ring(x: &[f64], scale: f64, world: &SimpleCommunicator) -> f64 {
    let rank = world.rank();
    let size = world.size();
    let next = world.process_at_rank((rank + 1) % size);
    let prev = world.process_at_rank((rank + size - 1) % size);
    let mut y = vec![0.0; x.len()];
    let mut z = vec![0.0; x.len()];
    for i in 0..x.len() {
        y[i] = scale * x[i] * x[i];
    }
    mpi::point_to_point::send_receive_into(&y[..], &next, &mut z[..], &prev);
    let mut local = 0.0;
    for i in 0..z.len() {
        local += z[i] * y[i];
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
pub fn __parad_fwd_ring(
    x: &[f64],
    scale: f64,
    world: &SimpleCommunicator,
) -> (f64, impl ::core::ops::FnOnce(&[f64], &mut [f64], f64) -> (f64,) + use<>) {
    let adj_world = ::parad::__private::mpi::AdjointComm::new(world);
    let rank = ::parad::__private::mpi::rank(world);
    let size = ::parad::__private::mpi::size(world);
    let next_rank = (rank + 1) % size;
    let prev_rank = (rank + size - 1) % size;
    let mut y = ::std::vec![0.0; x.len()];
    let mut z = ::std::vec![0.0; x.len()];
    let y_w = ::parad::__private::window_mut(&mut y[..], 0, 0..x.len());
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    for i in 0..x.len() {
        y_w[i] = scale * x_w[i] * x_w[i];
    }
    let send_receive_record = ::parad::__private::mpi::send_receive(
        world,
        &y,
        next_rank,
        ::core::option::Option::None,
        &mut z,
        prev_rank,
        ::core::option::Option::None,
    );
    let mut local = 0.0;
    let hi = z.len();
    let z_w = ::parad::__private::window(&z[..], 0, 0..hi);
    let y_w_2 = ::parad::__private::window(&y[..], 0, 0..hi);
    for i_2 in 0..hi {
        local += z_w[i_2] * y_w_2[i_2];
    }
    let mut total = 0.0;
    let all_reduce_record = ::parad::__private::mpi::all_reduce(
        world,
        ::parad::__private::mpi::ReduceOp::Sum,
        ::core::slice::from_ref(&local),
        ::core::slice::from_mut(&mut total),
    );
    let ret: f64 = total;
    let reverse = move |x: &[f64], dx: &mut [f64], seed: f64| -> (f64,) {
        let mut dx = ::parad::__private::ShadowSlice::new(dx);
        let mut dscale: f64 = 0.0;
        let mut dret = seed;
        let mut dy = ::std::vec![0.0; y.len()];
        let mut dz = ::std::vec![0.0; z.len()];
        let mut dlocal = 0.0;
        let mut dtotal = 0.0;
        dtotal += dret;
        all_reduce_record
            .adjoint(
                &adj_world,
                ::core::option::Option::Some(::core::slice::from_mut(&mut dlocal)),
                ::core::option::Option::Some(::core::slice::from_mut(&mut dtotal)),
            );
        let dz_w = ::parad::__private::window_mut(&mut dz[..], 0, 0..hi);
        let y_w_3 = ::parad::__private::window(&y[..], 0, 0..hi);
        let dy_w = ::parad::__private::window_mut(&mut dy[..], 0, 0..hi);
        let z_w_2 = ::parad::__private::window(&z[..], 0, 0..hi);
        for i_2 in 0..hi {
            dz_w[i_2] += dlocal * y_w_3[i_2];
            dy_w[i_2] += dlocal * z_w_2[i_2];
        }
        send_receive_record
            .adjoint(
                &adj_world,
                ::core::option::Option::Some(&mut dy[..]),
                ::core::option::Option::Some(&mut dz[..]),
            );
        let dy_w_2 = ::parad::__private::window_mut(&mut dy[..], 0, 0..x.len());
        let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
        for i in 0..x.len() {
            let g = dy_w_2[i];
            dy_w_2[i] = 0.0;
            let g_2 = g * x_w_2[i];
            dscale += g_2 * x_w_2[i];
            dx[i] += g_2 * scale + g * (scale * x_w_2[i]);
        }
        (dscale,)
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
pub fn __parad_tan_ring(
    x: &[f64],
    tx: &[f64],
    scale: f64,
    mut tscale: f64,
    world: &SimpleCommunicator,
) -> (f64, f64) {
    let tx = ::parad::__private::TangentSlice::new(tx);
    let adj_world = ::parad::__private::mpi::AdjointComm::new(world);
    let rank = ::parad::__private::mpi::rank(world);
    let size = ::parad::__private::mpi::size(world);
    let next_rank = (rank + 1) % size;
    let prev_rank = (rank + size - 1) % size;
    let mut ty = ::std::vec![0.0; x.len()];
    let mut y = ::std::vec![0.0; x.len()];
    let mut tz = ::std::vec![0.0; x.len()];
    let mut z = ::std::vec![0.0; x.len()];
    for i in 0..x.len() {
        ty[i] = (tscale * x[i] + scale * tx[i]) * x[i] + scale * x[i] * tx[i];
        y[i] = scale * x[i] * x[i];
    }
    let send_receive_record = ::parad::__private::mpi::send_receive(
        world,
        &y,
        next_rank,
        ::core::option::Option::None,
        &mut z,
        prev_rank,
        ::core::option::Option::None,
    );
    send_receive_record
        .tangent(
            &adj_world,
            ::core::option::Option::Some(&ty[..]),
            ::core::option::Option::Some(&mut tz[..]),
        );
    let mut tlocal = 0.0;
    let mut local = 0.0;
    let hi = z.len();
    for i_2 in 0..hi {
        tlocal += tz[i_2] * y[i_2] + z[i_2] * ty[i_2];
        local += z[i_2] * y[i_2];
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
/// Reverse-mode derivative of [`ring`], generated by `#[autodiff]`.
#[allow(
    unused_mut,
    unused_variables,
    unused_assignments,
    unused_parens,
    non_snake_case,
    dead_code,
    clippy::all
)]
pub fn d_ring(
    x: &[f64],
    dx: &mut [f64],
    scale: f64,
    world: &SimpleCommunicator,
    seed: f64,
) -> (f64, f64) {
    ::core::assert_eq!(
        dx.len(), x.len(), "the shadow of `x` must have the length of `x`"
    );
    let adj_world = ::parad::__private::mpi::AdjointComm::new(world);
    let rank = ::parad::__private::mpi::rank(world);
    let size = ::parad::__private::mpi::size(world);
    let next_rank = (rank + 1) % size;
    let prev_rank = (rank + size - 1) % size;
    let mut y = ::std::vec![0.0; x.len()];
    let mut z = ::std::vec![0.0; x.len()];
    let y_w = ::parad::__private::window_mut(&mut y[..], 0, 0..x.len());
    let x_w = ::parad::__private::window(&x[..], 0, 0..x.len());
    for i in 0..x.len() {
        y_w[i] = scale * x_w[i] * x_w[i];
    }
    let send_receive_record = ::parad::__private::mpi::send_receive(
        world,
        &y,
        next_rank,
        ::core::option::Option::None,
        &mut z,
        prev_rank,
        ::core::option::Option::None,
    );
    let mut local = 0.0;
    let hi = z.len();
    let z_w = ::parad::__private::window(&z[..], 0, 0..hi);
    let y_w_2 = ::parad::__private::window(&y[..], 0, 0..hi);
    for i_2 in 0..hi {
        local += z_w[i_2] * y_w_2[i_2];
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
    let mut dscale: f64 = 0.0;
    let mut dret = seed;
    let mut dy = ::std::vec![0.0; y.len()];
    let mut dz = ::std::vec![0.0; z.len()];
    let mut dlocal = 0.0;
    let mut dtotal = 0.0;
    dtotal += dret;
    all_reduce_record
        .adjoint(
            &adj_world,
            ::core::option::Option::Some(::core::slice::from_mut(&mut dlocal)),
            ::core::option::Option::Some(::core::slice::from_mut(&mut dtotal)),
        );
    let dz_w = ::parad::__private::window_mut(&mut dz[..], 0, 0..hi);
    let y_w_3 = ::parad::__private::window(&y[..], 0, 0..hi);
    let dy_w = ::parad::__private::window_mut(&mut dy[..], 0, 0..hi);
    let z_w_2 = ::parad::__private::window(&z[..], 0, 0..hi);
    for i_2 in 0..hi {
        dz_w[i_2] += dlocal * y_w_3[i_2];
        dy_w[i_2] += dlocal * z_w_2[i_2];
    }
    send_receive_record
        .adjoint(
            &adj_world,
            ::core::option::Option::Some(&mut dy[..]),
            ::core::option::Option::Some(&mut dz[..]),
        );
    let dy_w_2 = ::parad::__private::window_mut(&mut dy[..], 0, 0..x.len());
    let x_w_2 = ::parad::__private::window(&x[..], 0, 0..x.len());
    let dx_w = ::parad::__private::window_mut(&mut dx[..], 0, 0..x.len());
    for i in 0..x.len() {
        let g = dy_w_2[i];
        dy_w_2[i] = 0.0;
        let g_2 = g * x_w_2[i];
        dscale += g_2 * x_w_2[i];
        dx_w[i] += g_2 * scale + g * (scale * x_w_2[i]);
    }
    (primal, dscale)
}
