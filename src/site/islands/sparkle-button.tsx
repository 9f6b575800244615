import { SparkleButton } from '@client/components/ui/sparkle-button';
import { island } from './island';

/** SparkleButton as an island: a file of its own, so that hydrating it loads only its own code. */
export const SparkleButtonIsland = island(SparkleButton);
