/**
 * `make`'s value, made on the first call and kept. For Intl formatters: making one costs a browser
 * milliseconds (its locale data), several at a module's top level held up each page's start on a slow
 * phone, whether or not the page wrote a date or a price.
 */
export function once<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}
