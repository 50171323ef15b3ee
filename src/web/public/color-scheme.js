/*
 * Paints the first frame in the right colour scheme: runs before the app's script (which sets the
 * same attribute once it starts) so a reload at night does not flash white. A file, not an inline
 * script, because the Content-Security-Policy allows scripts from 'self' only (src/server/app.ts).
 * The keys are those of src/web/lib/color-scheme.ts and src/web/lib/current-user.ts: the signed-in
 * member's choice ('pref:' + _id + ':color-scheme', lib/preferences.ts), else the system setting.
 */
/* global window, document */
(function () {
  var scheme = 'light';
  try {
    var user = JSON.parse(window.localStorage.getItem('currentUser') || 'null');
    var choice = user && typeof user._id === 'string' ? window.localStorage.getItem('pref:' + user._id + ':color-scheme') : null;
    if (choice === 'light' || choice === 'dark') scheme = choice;
    else if (window.matchMedia('(prefers-color-scheme: dark)').matches) scheme = 'dark';
  } catch {
    // storage or matchMedia unavailable: light, as Mantine would start
  }
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
