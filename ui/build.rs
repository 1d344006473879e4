//! Compiles the .slint files with the bundled gettext translations of `lang/`.
fn main() {
    // Element names for Slint's testing backend (tests find points by their labels); release
    // builds leave them out.
    let debug = std::env::var("PROFILE").is_ok_and(|p| p == "debug");
    let config = slint_build::CompilerConfiguration::new()
        .with_bundled_translations("lang")
        .with_default_translation_context(slint_build::DefaultTranslationContext::None)
        .with_debug_info(debug);
    slint_build::compile_with_config("ui/app.slint", config).expect("the .slint files compile");
    println!("cargo:rerun-if-changed=lang");
}
