//! The code `#[testspace::subject]` generates: `impl Subject` (one `Method` per declared
//! method, its body a non-capturing closure) and `impl Declared`.
//!
//! Every path is absolute (`::testspace::…`, `::core::…`) so that the user's names cannot
//! shadow them; conversions are calls into `testspace::subject::derive`.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};
use syn::{LitStr, Type};

use super::model::Model;
use super::types::Shape;
use super::{Invariant, Kind, Method};

/// `impl Subject for #self_ty` and, if `unit`, `impl Declared for #self_ty`.
pub(crate) fn impls(
    self_ty: &Type,
    class: &LitStr,
    methods: &[Method],
    invariants: &[Invariant],
    unit: bool,
    pools: &TokenStream,
    model: Option<&Model<'_>>,
) -> TokenStream {
    let entries = methods
        .iter()
        .map(|method| entry(method, invariants, model));
    let requirements = model.map(Model::requirements);
    let subject = quote! {
        impl ::testspace::subject::Subject for #self_ty {
            const CLASS: &'static str = #class;
            const JAVA_CLASS: &'static str =
                ::core::concat!(::core::module_path!(), "::", #class);
            fn methods() -> ::std::vec::Vec<::testspace::subject::Method<Self>> {
                #requirements
                ::std::vec![#(#entries),*]
            }
            fn to_java_string(&self) -> ::std::string::String {
                ::std::format!("{self:?}")
            }
            #pools
        }
    };
    if !unit {
        return subject;
    }
    quote! {
        #subject
        impl ::testspace::subject::Declared for #self_ty {
            fn unit() -> ::std::boxed::Box<dyn ::testspace::subject::Unit> {
                ::std::boxed::Box::new(::testspace::subject::SubjectUnit::<Self>::new())
            }
        }
    }
}

/// `const CODE_POOLS`: the pools seeded from `block`'s literals and the boundary values
/// of the integer parameter types of `methods` (the crate `testspace-pools`, as harvested
/// subjects get them); a pool none of `methods`' parameters draws from is left empty.
pub(crate) fn code_pools(block: &syn::ItemImpl, methods: &[Method]) -> TokenStream {
    let mut types: Vec<String> = Vec::new();
    for item in &block.items {
        let syn::ImplItem::Fn(function) = item else {
            continue;
        };
        if !methods.iter().any(|m| m.ident == function.sig.ident) {
            continue;
        }
        for input in &function.sig.inputs {
            if let syn::FnArg::Typed(typed) = input {
                let ty = &typed.ty;
                let ty: String = quote!(#ty).to_string().split_whitespace().collect();
                if !types.contains(&ty) {
                    types.push(ty);
                }
            }
        }
    }
    // A pool no parameter draws from stays the paper's (empty here).
    let takes = |wanted: fn(&Shape) -> bool| methods.iter().any(|m| m.args.iter().any(wanted));
    let takes_ints = takes(|a| matches!(a, Shape::Int { .. }));
    let takes_strings = takes(|a| matches!(a, Shape::Str { .. } | Shape::Char { .. }));
    let constants = testspace_pools::impl_constants(block);
    let ints = testspace_pools::int_pool(&types, &constants)
        .into_iter()
        .filter(|_| takes_ints)
        .map(|s| {
            let (value, origin) = (s.value, s.origin);
            quote!((#value, #origin))
        });
    let strings = testspace_pools::string_pool(&constants)
        .into_iter()
        .filter(|_| takes_strings)
        .map(|s| {
            let (value, origin) = (s.value, s.origin);
            quote!((#value, #origin))
        });
    quote! {
        const CODE_POOLS: ::core::option::Option<::testspace::subject::CodePools> =
            ::core::option::Option::Some(::testspace::subject::CodePools {
                ints: &[#(#ints),*],
                strings: &[#(#strings),*],
            });
    }
}

/// Checks of `invariants` on `object` (a `&Self`) after `method`: a violation panics,
/// naming the invariant and the method, so the crash oracle judges it and a mutant that
/// breaks an invariant gold keeps differs from gold.
fn checks(invariants: &[Invariant], object: &TokenStream, method: &LitStr) -> TokenStream {
    let checks = invariants.iter().map(|invariant| {
        let ident = &invariant.ident;
        let name = LitStr::new(&ident.to_string(), ident.span());
        let broken = if invariant.result {
            quote!(::core::result::Result::is_err(&<Self>::#ident(#object)))
        } else {
            quote!(!<Self>::#ident(#object))
        };
        quote! {
            if #broken {
                ::core::panic!("invariant `{}` violated after `{}`", #name, #method);
            }
        }
    });
    quote!(#(#checks)*)
}

/// The `Method` of `method`, checking `invariants` after the call (and, with a
/// `model`, its results and state beside gold's).
fn entry(method: &Method, invariants: &[Invariant], model: Option<&Model<'_>>) -> TokenStream {
    let name = LitStr::new(&method.name, method.ident.span());
    let params = method.args.iter().map(|arg| {
        let variant = Ident::new(arg.param(), Span::call_site());
        quote!(::testspace::subject::Param::#variant)
    });
    let returns = Ident::new(method.returns.out.returns(), Span::call_site());
    let target = format_ident!("__target");
    let args = format_ident!("__args");
    let converted: Vec<TokenStream> = method
        .args
        .iter()
        .enumerate()
        .map(|(i, &arg)| argument(arg, i, &args))
        .collect();
    let ident = &method.ident;
    let mut call = match method.kind {
        Kind::Constructor | Kind::Static => quote!(<Self>::#ident(#(#converted),*)),
        Kind::Ref | Kind::Mut => quote!(<Self>::#ident(#target, #(#converted),*)),
        Kind::Value => {
            quote!(<Self>::#ident(::core::clone::Clone::clone(#target), #(#converted),*))
        }
    };
    // With a model: the model's call, gold's bound to `__raw`, the results compared.
    let beside = model.map(|model| {
        let expected = model.call(method, &converted);
        let compare = model.compare_results(method, &name);
        let raw = std::mem::replace(&mut call, quote!(__raw));
        quote! {
            #expected
            let __raw = #raw;
            #compare
        }
    });
    let value = quote!(__value);
    // A unit result is not bound (clippy's let_unit_value).
    let bind = |expr: TokenStream| match method.returns.out {
        Shape::Void => quote!(#expr;),
        _ => quote!(let #value = #expr;),
    };
    let unwrapped = match &method.returns.error {
        None => bind(call),
        Some(error) => {
            let checked = bind(quote! {
                match #call {
                    ::core::result::Result::Ok(value) => value,
                    ::core::result::Result::Err(error) => {
                        return ::core::result::Result::Err(THROWN.of(&error));
                    }
                }
            });
            quote! {
                static THROWN: ::testspace::subject::derive::Thrown =
                    ::testspace::subject::derive::Thrown::new(#error);
                #checked
            }
        }
    };
    let unwrapped = quote!(#beside #unwrapped);
    let params = quote!(&[#(#params),*]);
    let returns = quote!(::testspace::subject::Return::#returns);
    match method.kind {
        Kind::Constructor => constructor(method, invariants, &name, &params, &unwrapped),
        Kind::Static => {
            let result = result(method.returns.out, &value);
            quote! {
                ::testspace::subject::Method::static_method(#name, #params, #returns, |#args| {
                    #unwrapped
                    ::core::result::Result::Ok(#result)
                })
            }
        }
        Kind::Ref | Kind::Mut | Kind::Value => {
            let result = result(method.returns.out, &value);
            if invariants.is_empty() && model.is_none() {
                return quote! {
                    ::testspace::subject::Method::instance(#name, #params, #returns, |#target, #args| {
                        #unwrapped
                        ::core::result::Result::Ok(#result)
                    })
                };
            }
            // The model's state before the call; after it, compared with the object's (a
            // method on `self` runs on a clone and leaves the object as it was).
            let stateful = model.filter(|_| method.kind != Kind::Value);
            let pre_state = stateful.map(Model::pre_state);
            let states = stateful.map(|model| model.compare_states(&name));
            // The call and its conversions first (a result that borrows the object is
            // converted to an owned value), then the checks, whether it threw or not.
            let checks = checks(invariants, &quote!(&*#target), &name);
            quote! {
                ::testspace::subject::Method::instance(#name, #params, #returns, |#target, #args| {
                    #pre_state
                    let __outcome = (|| -> ::core::result::Result<
                        ::testspace::subject::Value<Self>,
                        ::testspace::subject::JavaException,
                    > {
                        #unwrapped
                        ::core::result::Result::Ok(#result)
                    })();
                    #states
                    #checks
                    __outcome
                })
            }
        }
    }
}

/// The `Method` of a constructor, whose body up to the made object bound to `__value`
/// is `unwrapped`; `invariants` are checked on the object.
fn constructor(
    method: &Method,
    invariants: &[Invariant],
    name: &LitStr,
    params: &TokenStream,
    unwrapped: &TokenStream,
) -> TokenStream {
    let value = quote!(__value);
    let args = format_ident!("__args");
    let derive = quote!(::testspace::subject::derive);
    let Shape::Object { nullable, .. } = method.returns.out else {
        unreachable!("a constructor returns Self")
    };
    let made = if nullable {
        quote!(#derive::constructed(#value))
    } else {
        quote!(::core::result::Result::Ok(#value))
    };
    let object = quote!(__object);
    let checks = checks(invariants, &object, name);
    let checked = match (invariants.is_empty(), nullable) {
        (true, _) => quote!(),
        (false, true) => quote! {
            if let ::core::option::Option::Some(#object) = &#value { #checks }
        },
        (false, false) => quote! {
            let #object = &#value;
            #checks
        },
    };
    quote! {
        ::testspace::subject::Method::constructor(#name, #params, |#args| {
            #unwrapped
            #checked
            #made
        })
    }
}

/// Argument `i` (read from `args`) as the parameter's type.
fn argument(arg: Shape, i: usize, args: &Ident) -> TokenStream {
    let derive = quote!(::testspace::subject::derive);
    let (read, owned, nullable) = match arg {
        Shape::Int { nullable: false } => return quote!(#derive::int(#args.int(#i))?),
        Shape::Int { nullable: true } => return quote!(#derive::integer(#args.integer(#i))?),
        Shape::Bool => return quote!(#args.bool(#i)),
        Shape::Char { nullable: false } => {
            return quote!(#derive::one_char(#derive::non_null(#args.string(#i))?)?);
        }
        Shape::Char { nullable: true } => return quote!(#derive::opt_char(#args.string(#i))?),
        Shape::Str { owned, nullable } => (quote!(#args.string(#i)), owned, nullable),
        Shape::Object { owned, nullable } => (quote!(#args.object(#i)), owned, nullable),
        Shape::Void => unreachable!("parameters are never ()"),
    };
    // `&str` → `String`, `&Self` → `Self`.
    let own = owned.then_some(match arg {
        Shape::Str { .. } => quote!(::std::borrow::ToOwned::to_owned),
        _ => quote!(::core::clone::Clone::clone),
    });
    if nullable {
        optional(true, &read, own)
    } else {
        let read = quote!(#derive::non_null(#read)?);
        match own {
            Some(own) => quote!(#own(#read)),
            None => read,
        }
    }
}

/// The `Value` of the result `value` of an instance or static method.
fn result(out: Shape, value: &TokenStream) -> TokenStream {
    let derive = quote!(::testspace::subject::derive);
    let (variant, inner) = match out {
        Shape::Void => return quote!(::testspace::subject::Value::Void),
        Shape::Int { nullable: false } => {
            let int = quote!(#derive::int_result(#value)?);
            ("Int", quote!(::core::option::Option::Some(#int)))
        }
        Shape::Int { nullable: true } => ("Int", quote!(#derive::integer_result(#value)?)),
        Shape::Bool => ("Bool", quote!(#value)),
        Shape::Str { owned, nullable } => {
            let convert = (!owned).then_some(quote!(::std::borrow::ToOwned::to_owned));
            ("Str", optional(nullable, value, convert))
        }
        Shape::Char { nullable } => {
            let convert = quote!(::std::string::String::from);
            ("Str", optional(nullable, value, Some(convert)))
        }
        Shape::Object {
            owned: true,
            nullable,
        } => ("Object", optional(nullable, value, None)),
        // `&Self`, `&mut Self`: a clone goes to the pool (`&*` reborrows `&mut`).
        Shape::Object {
            owned: false,
            nullable,
        } => {
            let clone = quote!(::core::clone::Clone::clone);
            let inner = if nullable {
                quote!(#value.map(|object| #clone(&*object)))
            } else {
                quote!(::core::option::Option::Some(#clone(&*#value)))
            };
            ("Object", inner)
        }
    };
    let variant = Ident::new(variant, Span::call_site());
    quote!(::testspace::subject::Value::#variant(#inner))
}

/// `Some(convert(value))`, or `value.map(convert)` if it is nullable already.
fn optional(nullable: bool, value: &TokenStream, convert: Option<TokenStream>) -> TokenStream {
    match (nullable, convert) {
        (false, None) => quote!(::core::option::Option::Some(#value)),
        (false, Some(f)) => quote!(::core::option::Option::Some(#f(#value))),
        (true, None) => quote!(#value),
        (true, Some(f)) => quote!(#value.map(#f)),
    }
}
