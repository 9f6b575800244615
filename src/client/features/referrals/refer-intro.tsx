import { PRODUCT_NAME } from '@shared/brand';

/** The top of /refer, the same in its prerendered shell (its route in src/client/app/routes) and on the page. */
export function ReferIntro() {
  return (
    <>
      <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Get a free month</p>
      <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900">Refer a Friend</h1>
      <p className="mt-4 text-lg text-pretty text-slate-600">
        Give a colleague a free month of {PRODUCT_NAME} and get one yourself when they subscribe with your
        code.
      </p>
    </>
  );
}
