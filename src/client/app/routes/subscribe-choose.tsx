import { paths } from '@client/config/paths';
import { Redirect } from '@client/lib/navigation';

/** /pricing is a marketing page (Astro's document): the site's navigation loads it. */
export default function ChoosePlan() {
  return <Redirect to={paths.pricing.getHref()} />;
}
