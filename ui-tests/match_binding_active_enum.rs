// expect: error at the binding `r` of `Shape::Circle(r)`: match arms that take data out of an enum behind a reference are not supported: pass the enum by value (its data is then constant), or match on variants without data
use parad::autodiff;

pub enum Shape {
    Circle(f64),
    Square(f64),
}

#[autodiff(reverse, d_area, Duplicated, Active)]
fn area(s: &Shape) -> f64 {
    match s {
        Shape::Circle(r) => std::f64::consts::PI * r * r,
        Shape::Square(a) => a * a,
    }
}

fn main() {}
