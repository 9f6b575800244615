// Every route fuzzed, in three shares (tests/support/fuzz-every-route.ts): this file's is the third.
import { fuzzEveryRoute } from '../support/fuzz-every-route';

await fuzzEveryRoute({ shard: 3, of: 3 });
