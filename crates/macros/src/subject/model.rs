//! `#[testspace::subject(model = Model)]`: a reference model called beside every method
//! (`docs/own-crate.md`, "Reference models"). The model's state before a call is the
//! abstraction of the object's (`Model: From<&Self>`); the model's method of the same
//! name runs on it with the same arguments (objects abstracted), then gold's; their
//! results are compared as `Debug` text, objects in them abstracted, and after an instance
//! method the abstraction of the object's new state must equal the model's (`PartialEq`).
//! A difference panics with the method and both values, which the crash oracle judges.

use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::Type;

use super::types::Shape;
use super::{Kind, Method};

/// The model `M` and the names of the generated code that uses it.
pub(crate) struct Model<'a> {
    pub ty: &'a Type,
}

impl Model<'_> {
    /// `<M as From<&Self>>::from(#object)`, `object` a `&Self`.
    fn abstraction(&self, object: &TokenStream) -> TokenStream {
        let m = self.ty;
        quote!(<#m as ::core::convert::From<&Self>>::from(#object))
    }

    /// A check, at the start of `methods()`, that the model is a type with the
    /// abstraction the generated code needs; its error is located at the model's name.
    pub(crate) fn requirements(&self) -> TokenStream {
        let m = self.ty;
        quote_spanned! {syn::spanned::Spanned::span(m)=>
            {
                fn model_of<S, M>()
                where
                    M: for<'a> ::core::convert::From<&'a S>
                        + ::core::cmp::PartialEq
                        + ::core::fmt::Debug,
                {
                }
                model_of::<Self, #m>();
            }
        }
    }

    /// Statements before gold's call (inside the method's body, after nothing has run):
    /// the model's arguments (`args` converted, objects abstracted) and its call, bound to
    /// `__expected`; for an instance method on `__model`, made by [`Model::pre_state`].
    pub(crate) fn call(&self, method: &Method, args: &[TokenStream]) -> TokenStream {
        let m = self.ty;
        let mut bindings = Vec::new();
        let mut passed = Vec::new();
        for (i, (shape, arg)) in method.args.iter().zip(args).enumerate() {
            let Shape::Object { owned, nullable } = *shape else {
                passed.push(arg.clone());
                continue;
            };
            let name = format_ident!("__model_arg{i}");
            let object = format_ident!("__object");
            let abstraction = self.abstraction(&quote!(&#object));
            let value = match nullable {
                false => quote!({ let #object = #arg; #abstraction }),
                true => quote!(#arg.map(|#object| #abstraction)),
            };
            bindings.push(quote!(let #name = #value;));
            passed.push(match (owned, nullable) {
                (true, _) => quote!(#name),
                (false, false) => quote!(&#name),
                (false, true) => quote!(#name.as_ref()),
            });
        }
        // Located at the method's name: a model without it is an error there.
        let ident = &method.ident;
        let function = quote_spanned!(ident.span()=> <#m>::#ident);
        let receiver = match method.kind {
            Kind::Constructor | Kind::Static => None,
            Kind::Ref => Some(quote!(&__model)),
            Kind::Mut => Some(quote!(&mut __model)),
            Kind::Value => Some(self.abstraction(&quote!(&*__target))),
        };
        let receiver = receiver.map(|r| quote!(#r,));
        quote! {
            #(#bindings)*
            let __expected = #function(#receiver #(#passed),*);
        }
    }

    /// `let mut __model = …`: the abstraction of the target before the call.
    pub(crate) fn pre_state(&self) -> TokenStream {
        let abstraction = self.abstraction(&quote!(&*__target));
        quote!(#[allow(unused_mut)] let mut __model = #abstraction;)
    }

    /// The comparison of gold's result `__raw` with the model's `__expected`.
    pub(crate) fn compare_results(&self, method: &Method, name: &syn::LitStr) -> TokenStream {
        let gold = self.view(method, &quote!(__raw));
        quote! {
            let __gold_view: ::std::string::String = #gold;
            let __model_view = ::std::format!("{:?}", __expected);
            if __gold_view != __model_view {
                ::core::panic!(
                    "model: `{}` returned {}, the model {}",
                    #name, __gold_view, __model_view
                );
            }
        }
    }

    /// The comparison of the target's state after an instance method with the model's.
    pub(crate) fn compare_states(&self, name: &syn::LitStr) -> TokenStream {
        let abstraction = self.abstraction(&quote!(&*__target));
        quote! {
            let __after = #abstraction;
            if __after != __model {
                ::core::panic!(
                    "model: after `{}` the state is {:?}, the model's {:?}",
                    #name, __after, __model
                );
            }
        }
    }

    /// Gold's result `raw` as the `Debug` text the model's would have: objects in it
    /// abstracted.
    fn view(&self, method: &Method, raw: &TokenStream) -> TokenStream {
        let out = method.returns.out;
        let inner = |value: TokenStream| match out {
            Shape::Object {
                nullable: false, ..
            } => {
                let abstraction = self.abstraction(&quote!(&*#value));
                quote!(::std::format!("{:?}", #abstraction))
            }
            Shape::Object { nullable: true, .. } => {
                let abstraction = self.abstraction(&quote!(&*__object));
                quote!(match #value {
                    ::core::option::Option::Some(__object) => {
                        ::std::format!("Some({:?})", #abstraction)
                    }
                    ::core::option::Option::None => ::std::string::String::from("None"),
                })
            }
            _ => quote!(::std::format!("{:?}", #value)),
        };
        if !matches!(out, Shape::Object { .. }) || method.returns.error.is_none() {
            return inner(quote!(&#raw));
        }
        let ok = inner(quote!(__ok));
        quote!(match &#raw {
            ::core::result::Result::Ok(__ok) => ::std::format!("Ok({})", #ok),
            ::core::result::Result::Err(__err) => ::std::format!("Err({:?})", __err),
        })
    }
}
