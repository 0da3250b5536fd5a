/** The rating scale as the page offers it (the CSAT endpoint takes 1 … 5). */
export const SURVEY_CHOICES = [
  [1, 'Very dissatisfied'],
  [2, 'Dissatisfied'],
  [3, 'Neutral'],
  [4, 'Satisfied'],
  [5, 'Very satisfied'],
] as const;

/**
 * The survey page for one token: a form the customer answers with the keyboard or a screen
 * reader (a fieldset of labelled radios, a labelled comment box, a live status line), posting to
 * `POST /public/api/v1/csat_survey/{token}`. `token` is a checked uuid; `nonce` admits the page's
 * own script and style under its Content-Security-Policy.
 */
export function surveyPage(token: string, nonce: string): string {
  const choices = SURVEY_CHOICES.map(
    ([value, label]) =>
      `<label class="choice"><input type="radio" name="rating" value="${value}" required> <span>${value} · ${label}</span></label>`,
  ).join('\n        ');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Rate your conversation</title>
  <style nonce="${nonce}">
    body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 2rem 1rem; color: #1b1b1b; background: #f6f7f9; }
    main { max-width: 32rem; margin: 0 auto; background: #fff; padding: 1.5rem; border-radius: 8px; }
    fieldset { border: 0; padding: 0; margin: 0 0 1rem; }
    legend { font-weight: 600; margin-bottom: .5rem; }
    .choice { display: block; padding: .25rem 0; }
    textarea { width: 100%; box-sizing: border-box; min-height: 6rem; font: inherit; }
    button { font: inherit; padding: .5rem 1.25rem; margin-top: 1rem; background: #1f5fbf; color: #fff; border: 0; border-radius: 4px; }
    :focus-visible { outline: 3px solid #f5a623; outline-offset: 2px; }
  </style>
</head>
<body>
  <main>
    <h1>How was your conversation with us?</h1>
    <form id="survey" data-token="${token}" novalidate>
      <fieldset>
        <legend>Your rating</legend>
        ${choices}
      </fieldset>
      <label for="feedback">Anything you would like to add? (optional)</label>
      <textarea id="feedback" name="feedback_message" maxlength="5000"></textarea>
      <button type="submit">Send my rating</button>
    </form>
    <p id="status" role="status" aria-live="polite"></p>
    <noscript><p>This form needs JavaScript to send your rating.</p></noscript>
  </main>
  <script nonce="${nonce}">
    const form = document.getElementById('survey');
    const status = document.getElementById('status');
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const rating = form.querySelector('input[name="rating"]:checked');
      if (!rating) { status.textContent = 'Please choose a rating first.'; form.querySelector('input').focus(); return; }
      const feedback = form.elements.feedback_message.value.trim();
      status.textContent = 'Sending…';
      try {
        const response = await fetch('/public/api/v1/csat_survey/' + encodeURIComponent(form.dataset.token), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ rating: Number(rating.value), feedback_message: feedback || null }),
        });
        if (!response.ok) throw new Error((await response.json().catch(() => ({}))).error || 'The rating was not saved');
        status.textContent = 'Thank you! Your rating was saved.';
      } catch (error) {
        status.textContent = error.message + '. Please try again.';
      }
    });
  </script>
</body>
</html>
`;
}

/** Only the page's own script and style run; it talks to this origin alone and cannot be framed. */
export function surveyPagePolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
