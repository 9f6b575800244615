// A stand-in for Stripe.js, served by the browser tests in place of https://js.stripe.com/... (see
// subscribe.spec.ts). It offers what @stripe/stripe-js's loader and @stripe/react-stripe-js use:
// window.Stripe(key) with elements() → create('payment') → mount/on/off/update/destroy, and
// confirmSetup / confirmPayment. The Payment Element is a labelled fake card form, built without inline
// styles (the app's CSP allows none). Confirming posts the card to https://api.stripe.com, as Stripe.js
// does: the browser tests route that to the fake Stripe (tests/support/fake-stripe-server.ts), which
// saves the card or pays the invoice (4000 0000 0000 0002 is declined), and on success the browser goes
// to return_url as Stripe sends it. The last confirm call is kept in sessionStorage
// ('stripe-standin:last-confirm') for the test to read after the redirect.
// A card the bank wants confirmed (3D Secure: Stripe's test cards 4000 0027 6000 3184 and, on its first
// use, 4000 0025 0000 3155, typed into confirmSetup or confirmPayment; or handleNextAction and
// confirmCardPayment with the card already saved) opens a challenge in the page, as Stripe.js does: a dialog 'Confirm your payment'
// with 'Complete authentication' and 'Fail authentication' (Stripe's test page offers the same two);
// Escape is a cancelled check. The answer goes to the fake Stripe, which pays the invoice or not.
//
// It is also what `npm run start:local` gives a newcomer (docs/trying-it-locally.md): served by the fake
// Stripe itself, it then sends the card to the fake Stripe it came from, and says on the form that it is
// a local stand-in.
(() => {
  const READY_DELAY_MS = 150;
  // Served from js.stripe.com (the browser tests' route): Stripe's API, routed by the tests. Served by
  // the local fake Stripe: that fake Stripe.
  const own = document.currentScript ? new URL(document.currentScript.src) : null;
  const local = own !== null && own.hostname !== 'js.stripe.com';
  const API = local ? `${own.origin}/stripe-js` : 'https://api.stripe.com';

  function field(container, id, labelText, attributes) {
    const label = document.createElement('label');
    label.htmlFor = id;
    label.textContent = labelText;
    const input = document.createElement('input');
    input.id = id;
    input.type = 'text';
    for (const [name, value] of Object.entries(attributes)) input.setAttribute(name, value);
    const wrapper = document.createElement('div');
    wrapper.append(label, input);
    container.append(wrapper);
    return input;
  }

  function createPaymentElement() {
    const handlers = new Map();
    let root = null;
    let cardNumber = null;
    let ready = false;
    const emit = (event, payload) => {
      for (const handler of [...(handlers.get(event) ?? [])]) handler(payload);
    };
    const element = {
      mount(target) {
        const host = typeof target === 'string' ? document.querySelector(target) : target;
        if (!host) throw new Error('Stripe stand-in: nothing to mount the Payment Element into');
        root = document.createElement('div');
        root.setAttribute('data-testid', 'stripe-standin-payment-element');
        if (local) {
          const notice = document.createElement('p');
          notice.textContent =
            'Local stand-in for Stripe: no card is charged. Try 4242 4242 4242 4242 (any future date, any code); 4000 0000 0000 0002 is declined; 4000 0027 6000 3184 asks you to confirm with your bank.';
          root.append(notice);
        }
        cardNumber = field(root, 'standin-card-number', 'Card number', {
          name: 'cardnumber',
          autocomplete: 'cc-number',
          inputmode: 'numeric',
          placeholder: '1234 1234 1234 1234',
        });
        field(root, 'standin-card-expiry', 'Expiry date', {
          name: 'exp-date',
          autocomplete: 'cc-exp',
          placeholder: 'MM / YY',
        });
        field(root, 'standin-card-cvc', 'Security code', {
          name: 'cvc',
          autocomplete: 'cc-csc',
          inputmode: 'numeric',
          placeholder: 'CVC',
        });
        root.addEventListener('input', () => {
          const digits = element.cardDigits();
          emit('change', {
            elementType: 'payment',
            empty: digits.length === 0,
            complete: digits.length >= 16,
          });
        });
        host.append(root);
        // Stripe's element announces itself once its iframe has loaded: later than mount, never during it.
        setTimeout(() => {
          if (!root) return;
          ready = true;
          emit('ready', { elementType: 'payment' });
        }, READY_DELAY_MS);
        return element;
      },
      on(event, handler) {
        if (!handlers.has(event)) handlers.set(event, []);
        handlers.get(event).push(handler);
        // A listener added after the element became ready still hears about it, as with Stripe.
        if (event === 'ready' && ready) setTimeout(() => handler({ elementType: 'payment' }), 0);
        return element;
      },
      off(event, handler) {
        handlers.set(
          event,
          (handlers.get(event) ?? []).filter((h) => h !== handler),
        );
        return element;
      },
      update() {},
      focus() {
        cardNumber?.focus();
      },
      blur() {
        cardNumber?.blur();
      },
      clear() {
        if (root) for (const input of root.querySelectorAll('input')) input.value = '';
      },
      collapse() {},
      unmount() {
        root?.remove();
        root = null;
        cardNumber = null;
        ready = false;
      },
      destroy() {
        element.unmount();
        handlers.clear();
      },
      cardDigits() {
        return (cardNumber?.value ?? '').replace(/\D/g, '');
      },
    };
    return element;
  }

  function createElements(options) {
    const created = new Map();
    return {
      clientSecret: options?.clientSecret,
      create(type) {
        if (type !== 'payment')
          throw new Error(`Stripe stand-in: only the Payment Element is offered, not ${type}`);
        const element = createPaymentElement();
        created.set(type, element);
        return element;
      },
      getElement(type) {
        return created.get(type) ?? null;
      },
      update() {},
      fetchUpdates: () => Promise.resolve({}),
      submit: () => Promise.resolve({}),
    };
  }

  function confirm(method, { elements, confirmParams, redirect }, publishableKey) {
    const payment = elements?.getElement('payment');
    const digits = payment ? payment.cardDigits() : '';
    const record = {
      method,
      clientSecret: elements?.clientSecret ?? null,
      confirmParams: confirmParams ?? null,
    };
    sessionStorage.setItem('stripe-standin:last-confirm', JSON.stringify(record));
    if (digits.length < 16)
      return Promise.resolve({
        error: {
          type: 'validation_error',
          code: 'incomplete_number',
          message: 'Your card number is incomplete.',
        },
      });
    // As Stripe.js does, the intent is confirmed at Stripe with the card (the browser tests route
    // api.stripe.com to the fake Stripe); a refusal comes back as Stripe's error.
    const clientSecret = record.clientSecret ?? '';
    const id = clientSecret.split('_secret_')[0];
    const kind = method === 'confirmSetup' ? 'setup_intents' : 'payment_intents';
    return post(`${kind}/${id}/confirm`, {
      key: publishableKey,
      client_secret: clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': digits,
    })
      .then(async ({ ok, body }) => {
        if (!ok || body.status !== 'requires_action') return { ok, body };
        // The bank asks the person present to authenticate the card (Stripe's 3D Secure test cards
        // 4000 0027 6000 3184 and 4000 0025 0000 3155): Stripe.js runs the check in the page first.
        const outcome = await challenge();
        return post(`${kind}/${id}/authenticate`, {
          key: publishableKey,
          client_secret: clientSecret,
          outcome,
        });
      })
      .then(({ ok, body }) => {
        if (!ok) return { error: body.error };
        // Confirmed: with redirect 'if_required' Stripe.js answers in the page.
        if (redirect === 'if_required')
          return method === 'confirmSetup'
            ? { setupIntent: { id, status: 'succeeded' } }
            : { paymentIntent: { id, status: 'succeeded' } };
        const url = new URL(confirmParams.return_url);
        url.searchParams.set(method === 'confirmSetup' ? 'setup_intent' : 'payment_intent', id);
        url.searchParams.set('redirect_status', 'succeeded');
        window.location.assign(url.href);
        // Stripe's promise never settles on success: the page is going away.
        return new Promise(() => {});
      });
  }

  /** Asks the person, in a modal dialog, to pass their bank's check; resolves with 'complete' or 'fail'. */
  function challenge() {
    return new Promise((resolve) => {
      const dialog = document.createElement('dialog');
      dialog.setAttribute('aria-labelledby', 'standin-3ds-title');
      const title = document.createElement('h2');
      title.id = 'standin-3ds-title';
      title.textContent = 'Confirm your payment';
      const text = document.createElement('p');
      text.textContent = 'Your bank asks you to confirm this payment (a test 3D Secure check).';
      dialog.append(title, text);
      // Through the CSSOM, which the CSP allows (no style attribute): the page's reset takes away the
      // browser's centring of a modal dialog.
      Object.assign(dialog.style, {
        margin: 'auto',
        padding: '1.5rem',
        maxWidth: '22rem',
        border: '1px solid #cbd5e1',
        borderRadius: '0.75rem',
        display: 'grid',
        gap: '0.75rem',
      });
      let answered = false;
      const answer = (outcome) => {
        if (answered) return;
        answered = true;
        dialog.close();
        dialog.remove();
        resolve(outcome);
      };
      for (const [label, outcome] of [
        ['Complete authentication', 'complete'],
        ['Fail authentication', 'fail'],
      ]) {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = label;
        Object.assign(button.style, {
          padding: '0.5rem 1rem',
          border: '1px solid #94a3b8',
          borderRadius: '0.375rem',
        });
        button.addEventListener('click', () => answer(outcome));
        dialog.append(button);
      }
      // Escape closes the check unanswered: the payment is not confirmed.
      dialog.addEventListener('cancel', () => answer('fail'));
      document.body.append(dialog);
      dialog.showModal();
    });
  }

  const post = (path, form) =>
    fetch(`${API}/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    }).then((res) => res.json().then((body) => ({ ok: res.ok, body })));

  /**
   * A PaymentIntent the server confirmed with a saved card: if the bank asks, the challenge, then its
   * answer to Stripe. Resolves as Stripe.js does: { paymentIntent } or { error }.
   */
  async function nextAction(clientSecret, publishableKey) {
    const id = (clientSecret ?? '').split('_secret_')[0];
    const confirmed = await post(`payment_intents/${id}/confirm`, {
      key: publishableKey,
      client_secret: clientSecret,
    });
    if (!confirmed.ok) return { error: confirmed.body.error };
    if (confirmed.body.status !== 'requires_action') return { paymentIntent: confirmed.body };
    const outcome = await challenge();
    const answered = await post(`payment_intents/${id}/authenticate`, {
      key: publishableKey,
      client_secret: clientSecret,
      outcome,
    });
    return answered.ok ? { paymentIntent: answered.body } : { error: answered.body.error };
  }

  const unsupported = (name) => () => Promise.reject(new Error(`Stripe stand-in: ${name} is not offered`));

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || !publishableKey)
      throw new Error('Stripe stand-in: a publishable key is required');
    return {
      elements: createElements,
      confirmSetup: (options) => confirm('confirmSetup', options, publishableKey),
      confirmPayment: (options) => confirm('confirmPayment', options, publishableKey),
      // Checked by @stripe/react-stripe-js to recognise a Stripe object.
      createToken: unsupported('createToken'),
      createPaymentMethod: unsupported('createPaymentMethod'),
      // With the card already on the PaymentIntent (no new card data): the bank's check, if it asks.
      confirmCardPayment: (clientSecret) => nextAction(clientSecret, publishableKey),
      handleNextAction: ({ clientSecret }) => nextAction(clientSecret, publishableKey),
      _registerWrapper() {},
      registerAppInfo() {},
    };
  }
  // @stripe/stripe-js compares this with the release it expects (its RELEASE_TRAIN) and warns otherwise.
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
