// error: a communicator marked Duplicated, at the activity: communicators
// are Const.
use parad::autodiff;

#[autodiff(reverse, d_f, Duplicated, Duplicated, Active)]
fn f(x: &[f64], _world: &SimpleCommunicator) -> f64 {
    x[0]
}

struct SimpleCommunicator;

fn main() {}
