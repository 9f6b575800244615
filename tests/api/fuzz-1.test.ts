// Every route fuzzed, in three shares (tests/support/fuzz-every-route.ts): this file's is the first.
import { fuzzEveryRoute } from '../support/fuzz-every-route';

await fuzzEveryRoute({ shard: 1, of: 3 });
