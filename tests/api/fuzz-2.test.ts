// Every route fuzzed, in three shares (tests/support/fuzz-every-route.ts): this file's is the second.
import { fuzzEveryRoute } from '../support/fuzz-every-route';

await fuzzEveryRoute({ shard: 2, of: 3 });
