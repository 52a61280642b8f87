//! Links the addon against Node-API.
fn main() {
    napi_build::setup();
}
