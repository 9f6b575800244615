import { PRODUCT_NAME } from '@shared/brand';

/** The top of /account, the same in its prerendered shell (its route in src/client/app/routes) and on the page. */
export function AccountIntro() {
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">My Account</h1>
      <p className="mt-2 text-lg text-pretty text-slate-600">
        Your details, your plan and its invoices, and how you sign in to {PRODUCT_NAME}, all in one place.
      </p>
    </>
  );
}
