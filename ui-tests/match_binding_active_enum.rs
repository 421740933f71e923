// expect: error at the binding `r` of `Shape::Circle(r)`: match arms that bind variables are not supported: match on integers or on enum variants without taking data out of them (`Kind::A => ...`), or `_`
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
