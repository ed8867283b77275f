//! Live assertions: `debug_assert!`, `debug_assert_eq!` and `debug_assert_ne!` written in
//! a subject's code call testspace's `__live_debug_assert*` instead, which check whether or
//! not the build has debug assertions, unless testspace's feature `live-assertions` is off
//! (`docs/own-crate.md`, "Live assertions"). Only the macro's path changes, so the
//! condition, the message and the panic's location are the user's.

use syn::visit_mut::VisitMut;

/// Rewrites every `debug_assert*!` invocation of the node it visits (not those nested in
/// the tokens of another macro, which are not parsed).
pub(crate) struct Live;

impl VisitMut for Live {
    fn visit_macro_mut(&mut self, mac: &mut syn::Macro) {
        let segments: Vec<String> = mac
            .path
            .segments
            .iter()
            .map(|s| s.ident.to_string())
            .collect();
        let name = match segments.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            [name] | ["std" | "core", name] => name.to_string(),
            _ => return,
        };
        let live = match name.as_str() {
            "debug_assert" => "__live_debug_assert",
            "debug_assert_eq" => "__live_debug_assert_eq",
            "debug_assert_ne" => "__live_debug_assert_ne",
            _ => return,
        };
        // Every token at the user's macro name, so that the panic's location is the line
        // of the assertion.
        let span = mac.path.segments[segments.len() - 1].ident.span();
        let ident = syn::Ident::new(live, span);
        mac.path = syn::parse_quote_spanned!(span=> ::testspace::#ident);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    #[test]
    fn debug_assertions_become_live_and_others_stay() {
        let mut block: syn::ItemImpl = syn::parse_quote! {
            impl A {
                pub fn f(&self) -> u8 {
                    debug_assert!(self.x < 10, "x is {}", self.x);
                    std::debug_assert_eq!(1, 1);
                    let y = { core::debug_assert_ne!(1, 2); 3 };
                    assert!(true);
                    other::debug_assert!(true);
                    y
                }
            }
        };
        Live.visit_item_impl_mut(&mut block);
        let text = quote!(#block).to_string();
        assert!(
            text.contains(":: testspace :: __live_debug_assert ! (self . x < 10"),
            "{text}"
        );
        assert!(
            text.contains(":: testspace :: __live_debug_assert_eq ! (1 , 1)"),
            "{text}"
        );
        assert!(
            text.contains(":: testspace :: __live_debug_assert_ne ! (1 , 2)"),
            "{text}"
        );
        assert!(text.contains("assert ! (true)"), "{text}");
        assert!(text.contains("other :: debug_assert ! (true)"), "{text}");
    }
}
