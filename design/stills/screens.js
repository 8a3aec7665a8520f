/*
 * The product stills (design/stills.ts): each product's or solution's own
 * screen, drawn in the brand's font and colours on the heroes' 4:3 stage.
 * Every name, amount and count is sample data, and each screen says so.
 * Nothing depends on the clock: every run draws the same pixels.
 */
'use strict';

const SHIELD = '<svg width="16" height="18" viewBox="0 0 30 34"><path d="M15 1l13 5v10c0 8.5-5.6 14.4-13 17C7.6 30.4 2 24.5 2 16V6z" fill="#1158e6"/><path d="M9 17l4.5 4.5L22 12" fill="none" stroke="#fff" stroke-width="3.4" stroke-linecap="round" stroke-linejoin="round"/></svg>';
const TICK = '<svg width="14" height="14" viewBox="0 0 22 22"><circle cx="11" cy="11" r="11" fill="#0f766e"/><path d="M6 11.5l3.5 3.5L16 8" fill="none" stroke="#fff" stroke-width="2.8" stroke-linecap="round" stroke-linejoin="round"/></svg>';
const FINGERPRINT = '<svg width="44" height="44" viewBox="0 0 48 48" fill="none" stroke="#1158e6" stroke-width="3" stroke-linecap="round"><path d="M12 16a14 14 0 0 1 24 0"/><path d="M10 28a14 14 0 0 1 2-9M38 19a14 14 0 0 1 1 9"/><path d="M17 37c2-4 3-8 3-13a4 4 0 0 1 8 0c0 5-1 10-3 14"/><path d="M14 32c1-3 1-5 1-8a9 9 0 0 1 18 0c0 4-.5 7-1.5 10"/><path d="M24 24c0 6-1 11-4 15"/></svg>';

/** Each app's own mark on the SSO screen: white strokes on its tile, so no two are alike. */
const APP_ICONS = {
  Mail: '<rect x="3" y="5" width="12" height="9" rx="1.5"/><path d="m3.5 6 5.5 4.5L14.5 6"/>',
  CRM: '<circle cx="9" cy="7" r="2.6"/><path d="M4.2 14.5c.8-2.6 2.6-3.8 4.8-3.8s4 1.2 4.8 3.8"/>',
  HR: '<rect x="4" y="3.5" width="10" height="11" rx="1.5"/><circle cx="9" cy="8" r="1.8"/><path d="M6.5 12.2h5"/>',
  Files: '<path d="M3 5.5h4.5l1.5 1.5H15v7.5H3z"/>',
  Payroll: '<path d="M6 4.5h6M6 7.5h6M6.5 4.5c3.5 0 3.5 5.5 0 5.5H6l5 4.5"/>',
  Analytics: '<path d="M4.5 14V9.5M9 14V5M13.5 14v-6.5"/>',
};
const appIcon = (app, fill) => `<svg width="18" height="18" viewBox="0 0 18 18" style="flex:none"><rect width="18" height="18" rx="5" fill="${fill}"/><g fill="none" stroke="#fff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${APP_ICONS[app]}</g></svg>`;
const STOP = '<svg width="14" height="14" viewBox="0 0 22 22"><circle cx="11" cy="11" r="11" fill="#b91c1c"/><path d="M11 5.5v7" stroke="#fff" stroke-width="2.8" stroke-linecap="round"/><circle cx="11" cy="16.2" r="1.7" fill="#fff"/></svg>';

const colour = { ok: '#0f766e', warn: '#c26a00', bad: '#b91c1c', blue: '#1158e6' };
const tone = (score) => (score >= 70 ? 'bad' : score >= 45 ? 'warn' : 'ok');
const meter = (score) => `<span class="score"><span class="meter" style="width:34px"><i style="width:${score}%;background:${colour[tone(score)]}"></i></span><b>${score}</b></span>`;
const chip = (kind, text) => `<span class="chip ${kind}">${text}</span>`;

/** The app window: its product, its tabs (the first chosen), the live mark and the sample tag. */
function window_(product, tabs, body, { columns = '1fr', rows = 'auto' } = {}) {
  return `<div class="window"><div class="bar">${SHIELD}<span>${product}</span>${tabs.map((tab, index) => `<span class="tab${index === 0 ? ' on' : ''}">${tab}</span>`).join('')}`
    + `<span class="live">Live</span><span class="chip blue">Sample data</span></div>`
    + `<div class="body" style="grid-template-columns:${columns};grid-template-rows:${rows}">${body}</div></div>`;
}

/** A line chart in a tile's width: each series a list of values 0–100, drawn left to right. */
function chart(series, { width = 260, height = 96, marks = [] } = {}) {
  const path = (values) => values.map((value, index) => `${index === 0 ? 'M' : 'L'}${(index / (values.length - 1) * width).toFixed(1)} ${(height - value / 100 * height).toFixed(1)}`).join(' ');
  const grid = [0.25, 0.5, 0.75].map((y) => `<path d="M0 ${height * y}H${width}" stroke="#edf1f7"/>`).join('');
  const lines = series.map(({ values, stroke, fill }) => (fill ? `<path d="${path(values)} L${width} ${height} L0 ${height}Z" fill="${fill}"/>` : '')
    + `<path d="${path(values)}" fill="none" stroke="${stroke}" stroke-width="2.2" stroke-linejoin="round"/>`).join('');
  const dots = marks.map(({ at, value, fill }) => `<circle cx="${at * width}" cy="${height - value / 100 * height}" r="4.5" fill="${fill}" stroke="#fff" stroke-width="2"/>`).join('');
  return `<svg width="100%" viewBox="0 0 ${width} ${height}" style="display:block">${grid}${lines}${dots}</svg>`;
}

const wave = (count, base, swing, seed) => Array.from({ length: count }, (_, index) => base + swing * Math.sin(index * 0.9 + seed) * Math.cos(index * 0.37 + seed * 2));

const SCREENS = {
  /** adapID AI: the risk console, sessions scored and decided, with one user's behaviour profile. */
  adaptive: () => window_('adapID AI', ['Sessions', 'Decisions', 'Profiles'], `
    <div class="tile" style="grid-column:span 2"><h4>Sessions now</h4><table><tr><th>User</th><th data-wide>Action</th><th>Risk</th><th>Decision</th></tr>
      <tr><td>a.sharma</td><td data-wide>Sign-in</td><td>${meter(12)}</td><td>${chip('ok', 'Allow')}</td></tr>
      <tr><td>r.iyer</td><td data-wide>Pay ₹48K</td><td>${meter(58)}</td><td>${chip('warn', 'Step-up')}</td></tr>
      <tr><td>k.menon</td><td data-wide>Sign-in</td><td>${meter(91)}</td><td>${chip('bad', 'Block')}</td></tr>
      </table></div>
    <div class="tile"><h4>Today</h4><div class="row" style="align-items:baseline"><span class="big">18,204</span><span class="small">sessions scored</span></div>
      <div class="small" style="margin-top:4px"><b style="color:#0f766e">97.5%</b> allowed · <b style="color:#9a4f00">2.1%</b> stepped up · <b style="color:#b91c1c">0.4%</b> blocked</div></div>
    <div class="tile" data-wide><h4>Profile · a.sharma</h4><div class="row" style="justify-content:space-between"><span class="small">Typing rhythm</span><span class="row" style="gap:4px">${TICK}<b>Match 96%</b></span></div>
      <div class="row" style="align-items:flex-end;gap:3px;height:24px;margin-top:6px">${[14, 20, 10, 24, 18, 12, 22, 16, 19, 11, 21, 15, 9, 23].map((h) => `<i style="width:7px;height:${h}px;background:#1158e6;border-radius:2px;display:block"></i>`).join('')}</div></div>`, { columns: '1fr 1fr', rows: 'auto 1fr' }),

  /** BotShield AI: the live dashboard, traffic over the last hour, bots blocked by type, and the challenge rate. */
  botshield: () => window_('BotShield AI', ['Dashboard', 'Rules', 'Reports'], `
    <div class="tile" style="grid-column:span 2"><div class="row" style="justify-content:space-between"><h4>Traffic, last 60 minutes</h4>
      <div class="row small"><span style="color:#1158e6;font-weight:700">● People 41,280</span><span style="color:#b91c1c;font-weight:700">● Bots 9,017</span></div></div>
      ${chart([{ values: wave(30, 58, 14, 1).map((v, i) => v + i * 0.4), stroke: '#1158e6', fill: 'rgb(17 88 230 / 0.08)' }, { values: wave(30, 20, 9, 4).map((v, i) => (i > 19 && i < 24 ? v + 34 : v)), stroke: '#b91c1c' }], { width: 400, height: 62 })}</div>
    <div class="tile"><h4>Bots blocked by type</h4><div class="col">
      ${[['Credential stuffing', 4812, 100], ['Scraping', 2390, 50], ['DDoS bursts', 1204, 25]].map(([name, count, width]) => `<div><div class="row" style="justify-content:space-between"><span>${name}</span><b>${count.toLocaleString('en-IN')}</b></div><span class="meter" style="width:100%;height:5px"><i style="width:${width}%;background:#b91c1c"></i></span></div>`).join('')}</div></div>
    <div class="tile" data-wide><h4>Challenge rate</h4><div class="big">1.8%</div><div class="small">of sessions challenged</div>
      <div style="margin-top:5px;gap:4px" class="col"><div class="row">${TICK}<span>97.2% of people passed</span></div><div class="row">${chip('bad', '8,406')}<span>bots stopped</span></div></div></div>`, { columns: '1.3fr 1fr', rows: 'auto 1fr' }),

  /** BotShield AI: the verdict on each request as it comes, person or bot, and why. */
  botverdicts: () => window_('BotShield AI', ['Requests', 'Rules'], `
    <div class="tile"><h4>Requests, live</h4><table><tr><th>Path</th><th data-wide>Signals</th><th>Verdict</th></tr>
      ${[['/login', 'Mouse curves, real typing', 'ok', 'Person'], ['/login', 'Headless browser', 'bad', 'Bot: blocked'], ['/api/quote', '1,200 requests a minute', 'bad', 'Scraper: blocked'], ['/login', 'New device, human rhythm', 'warn', 'Challenged']].map(([path, why, kind, verdict]) => `<tr><td>${path}</td><td data-wide>${why}</td><td>${chip(kind, verdict)}</td></tr>`).join('')}</table></div>
    <div class="row" style="gap:10px"><div class="tile" style="flex:1"><h4>Decided in</h4><div class="row"><span class="big">38 ms</span><span class="small">median, at the edge</span></div></div>
      <div class="tile" style="flex:1" data-wide><h4>Blocked IPs</h4><div class="row"><span class="big">1,906</span><span class="small">reputation and geo rules</span></div></div></div>`, { rows: '1fr auto' }),

  /** Continuous authentication: one session's trust, checked all along; a dip, a step-up, trust back. */
  continuous: () => window_('adapID AI', ['Session', 'Signals', 'History'], `
    <div class="tile"><div class="row" style="justify-content:space-between"><h4>Session trust · r.iyer</h4>${chip('ok', 'Trusted 94')}</div>
      ${chart([{ values: [92, 93, 91, 94, 93, 95, 92, 90, 62, 38, 55, 88, 93, 94, 95, 94], stroke: '#1158e6', fill: 'rgb(17 88 230 / 0.08)' }], { width: 400, height: 64, marks: [{ at: 9 / 15, value: 38, fill: '#b91c1c' }, { at: 11 / 15, value: 88, fill: '#0f766e' }] })}
      <div class="row small" style="justify-content:space-between"><span>09:00 Sign-in</span><span>11:00</span><span>13:00</span><span>15:00</span><span>17:00 Now</span></div></div>
    <div class="tile" data-wide><h4>Checkpoints</h4><table>
      <tr><td>09:02</td><td>Sign-in, usual device and rhythm</td><td>${chip('ok', 'Trusted')}</td></tr>
      <tr><td>14:31</td><td>Typing unlike r.iyer, new network</td><td>${chip('bad', 'Risk 62')}</td></tr>
      <tr><td>14:32</td><td>Step-up with FIDO2 passkey</td><td>${chip('ok', 'Passed')}</td></tr>
</table></div>`, { rows: 'auto 1fr' }),

  /** Password-less sign-in: the passkey step on a phone, and the steps it took. */
  passwordless: () => `<div class="phone" style="left:40px;top:22px;width:170px;height:316px"><div class="screen">
      <div class="row" style="font-weight:800">${SHIELD} NorthBank <span class="small">(sample)</span></div>
      <div style="font-size:15px;font-weight:800">Sign in with your passkey</div>
      <div style="align-self:center">${FINGERPRINT}</div>
      <div class="small" style="text-align:center">Touch the sensor to sign in as <b>a.sharma</b></div>
      <div class="row" style="margin-top:auto">${TICK}<b style="font-size:11px">Behaviour matches</b></div>
      <div class="button" style="padding:6px 8px">Signed In, No OTP</div></div></div>
    <div style="position:absolute;left:236px;top:46px;right:28px;color:#fff" class="col" data-wide>
      <div style="font-size:11px;font-weight:700;letter-spacing:.08em;color:#7dd3fc;text-transform:uppercase">adapID AI · Password-less</div>
      ${[['Username', 'a.sharma, typed as usual'], ['Passkey', 'FIDO2 / WebAuthn on this phone'], ['Behaviour', 'Rhythm and touch match, 98%'], ['Signed in', 'No password, no OTP, 1.4 s']].map(([title, text], index) => `
      <div class="row" style="align-items:flex-start;gap:10px;background:rgb(255 255 255 / 0.08);border:1px solid rgb(195 210 234 / 0.2);border-radius:10px;padding:8px 10px">
        <span style="flex:none;width:20px;height:20px;border-radius:50%;background:#0f766e;display:grid;place-items:center;font-weight:800;font-size:11px">${index + 1}</span>
        <div><div style="font-weight:800;font-size:13px">${title}</div><div style="font-size:11.5px;color:#c3d2ea">${text}</div></div></div>`).join('')}
    </div>`,

  /** Behavioural biometrics: one user's behaviour profile, from typing, swipes and the mouse. */
  biometrics: () => window_('adapID AI', ['Profiles', 'Sessions', 'Models'], `
    <div class="tile"><h4>Typing rhythm</h4><div class="small">Hold and gap per key, ms</div>
      <div class="row" style="align-items:flex-end;gap:4px;height:44px;margin-top:4px">${[27, 16, 36, 21, 31, 13, 40, 24, 19, 34, 14, 29].map((h, i) => `<i style="width:11px;height:${h}px;background:${i % 2 ? '#7aa7f5' : '#1158e6'};border-radius:2px;display:block"></i>`).join('')}</div></div>
    <div class="tile" data-wide><h4>Swipe path</h4><svg width="100%" height="44" viewBox="0 0 160 80" preserveAspectRatio="none"><path d="M8 70 C 40 60, 60 20, 100 18 S 150 10, 154 6" fill="none" stroke="#cbd7ea" stroke-width="6" stroke-linecap="round"/><path d="M8 70 C 42 58, 62 24, 100 20 S 148 12, 154 8" fill="none" stroke="#1158e6" stroke-width="2.5" stroke-linecap="round"/></svg><div class="small">Speed, pressure, angle</div></div>
    <div class="tile" data-wide><h4>Mouse movement</h4><svg width="100%" height="40" viewBox="0 0 160 70" preserveAspectRatio="none"><path d="M6 60 Q 40 10 80 36 T 154 14" fill="none" stroke="#0f766e" stroke-width="2.5"/><circle cx="154" cy="14" r="4" fill="#0f766e"/></svg><div class="small">Curves and pauses</div></div>
    <div class="tile"><h4>Profile · a.sharma</h4><div class="big">97%</div><div class="small">match to this session</div><div class="row" style="margin-top:6px">${TICK}<b>Trusted, continuous</b></div></div>`, { columns: '1fr 1fr', rows: '1fr 1fr' }),

  /** Password-less payment: approving a payment with a passkey, confirmed by behaviour. */
  password: () => `<div class="phone" style="left:155px;top:16px;width:170px;height:328px"><div class="screen">
      <div class="row" style="font-weight:800">${SHIELD} NorthBank <span class="small">(sample)</span></div>
      <div class="small">Approve a payment</div>
      <div style="font-size:22px;font-weight:800;letter-spacing:-.02em">₹12,400</div>
      <div class="small">to Metro Power Ltd (sample)<br>from Savings ••4821</div>
      <div class="tile" style="padding:6px 8px"><div class="row">${TICK}<span style="font-size:11px">Your passkey</span></div><div class="row" style="margin-top:3px">${TICK}<span style="font-size:11px">Your touch and rhythm</span></div></div>
      <div class="button" style="margin-top:auto;padding:6px 8px">Approve with Passkey</div>
      <div class="small" style="text-align:center">No OTP needed</div></div></div>
    <div style="position:absolute;left:28px;top:40px;width:112px;color:#fff;font-size:12px" class="col" data-wide><b style="color:#7dd3fc">FIDO2 / WebAuthn</b><span style="color:#c3d2ea">The passkey never leaves the phone</span></div>
    <div style="position:absolute;right:24px;bottom:48px;width:120px;color:#fff;font-size:12px" class="col" data-wide><b style="color:#7dd3fc">Behaviour</b><span style="color:#c3d2ea">Matches a.sharma: approved in 2 s</span></div>`,

  /** Productivity monitoring: a team's active time and focus, with the quarter's change. */
  productivity: () => window_('adapID AI', ['Team', 'Trends', 'Settings'], `
    <div class="tile" data-wide><h4>This quarter</h4><div class="big" style="color:#0f766e">+7%</div><div class="small">productivity, same hours</div>
      <div class="row" style="align-items:flex-end;gap:5px;height:54px;margin-top:8px">${[30, 34, 31, 38, 36, 41, 44, 43, 47].map((h) => `<i style="width:12px;height:${h}px;background:#0f766e;border-radius:2px;display:block"></i>`).join('')}</div><div class="small">Focus hours a week</div></div>
    <div class="tile"><h4>Team · Claims desk</h4><table><tr><th>Person</th><th data-wide>Active</th><th>Focus</th><th></th></tr>
      ${[['A. Sharma', '7h 12m', 82, 'ok', 'Steady'], ['R. Iyer', '6h 48m', 74, 'ok', 'Steady'], ['K. Menon', '7h 30m', 88, 'ok', 'Up'], ['S. Das', '5h 05m', 51, 'warn', 'Low'], ['P. Nair', '6h 55m', 79, 'ok', 'Steady'], ['M. Khan', '7h 01m', 85, 'ok', 'Up']].map(([name, active, focus, kind, note]) => `<tr><td>${name}</td><td data-wide>${active}</td><td><span class="score"><span class="meter" style="width:30px"><i style="width:${focus}%;background:${colour[kind]}"></i></span><b>${focus}</b></span></td><td>${chip(kind, note)}</td></tr>`).join('')}</table>
      <div class="small" style="margin-top:4px">Behaviour only: no screenshots, no keystrokes kept</div></div>`, { columns: '0.7fr 1.6fr' }),

  /** Social engineering: the decision log, where a coached user's payment is held while the session is open. */
  socialengineering: () => window_('adapID AI', ['Decisions', 'Sessions', 'Cases'], `
    <div class="tile" style="border-color:#f5b5b5;background:#fffafa"><div class="row" style="justify-content:space-between"><h4 style="color:#b91c1c">Held for review · 14:07</h4>${chip('bad', 'Risk 88')}</div>
      <div style="font-weight:800;font-size:14px">Payment ₹3,90,000 to a new payee · v.rao</div>
      <div class="row" style="flex-wrap:wrap;gap:5px;margin-top:6px">${chip('warn', 'Long pauses: 4.2 s')}${chip('warn', 'Remote-access app open')}${chip('warn', 'On a call')}${chip('warn', 'Typing unlike v.rao')}</div>
      <div class="small" style="margin-top:6px">Signs of a coached user: the bank calls v.rao before the money moves.</div></div>
    <div class="tile" data-wide><h4>Decision log</h4><table>
      ${[['14:07', 'v.rao', 'Payment ₹3.9 L', 'bad', 'Held'], ['14:05', 'p.nair', 'Sign-in', 'ok', 'Allow'], ['14:02', 'k.menon', 'Password reset', 'warn', 'Step-up']].map(([time, user, action, kind, decision]) => `<tr><td>${time}</td><td>${user}</td><td>${action}</td><td>${chip(kind, decision)}</td></tr>`).join('')}</table></div>`, { rows: 'auto 1fr' }),

  /** SSO and data-leak prevention: one sign-in for every app, and an export stopped when behaviour does not match. */
  sso: () => window_('adapID AI', ['Access', 'Apps', 'Alerts'], `
    <div class="tile"><div class="row" style="justify-content:space-between"><h4>Signed in once · r.iyer</h4><span data-wide>${chip('ok', 'Zero trust: checked per request')}</span></div>
      <div class="apps" style="display:grid;grid-template-columns:repeat(3,1fr);gap:6px;margin-top:4px">${[['Mail', 'ok'], ['CRM', 'ok'], ['HR', 'ok'], ['Files', 'bad'], ['Payroll', 'ok'], ['Analytics', 'ok']].map(([app, kind]) => `<div class="row" style="border:1px solid ${kind === 'bad' ? '#f5b5b5' : '#e3e9f2'};border-radius:8px;padding:6px 8px;background:${kind === 'bad' ? '#fffafa' : '#fff'}">${appIcon(app, kind === 'bad' ? '#b91c1c' : '#1158e6')}<b>${app}</b><span style="margin-left:auto;display:flex">${kind === 'bad' ? STOP : TICK}</span></div>`).join('')}</div></div>
    <div class="tile" style="border-color:#f5b5b5;background:#fffafa"><div class="row" style="justify-content:space-between"><h4 style="color:#b91c1c">Data leak stopped · 15:42</h4>${chip('bad', 'Blocked')}</div>
      <div style="font-weight:800;font-size:14px">Bulk export of 2,400 client files</div>
      <div class="small" style="margin-top:3px">Behaviour does not match r.iyer: unusual mouse paths, new device. The export waits for a passkey.</div>
      <div class="row" style="margin-top:8px"><span class="button">Re-verify with Passkey</span><span class="small">Security team told</span></div></div>`, { rows: 'auto 1fr' }),

  /** The home page: the whole console at a glance, both products protecting one bank's customers today. */
  overview: () => window_('Kavach', ['Overview', 'adapID AI', 'BotShield AI'], `
    <div class="tile" style="grid-column:span 2"><h4>Protected today</h4><div class="row" style="justify-content:space-between">
      ${[['18,204', 'sessions scored'], ['41,280', 'people let through'], ['9,017', 'bots stopped']].map(([value, what]) => `<div><div class="big">${value}</div><div class="small">${what}</div></div>`).join('')}</div></div>
    <div class="tile"><h4>adapID AI · sessions</h4><table>
      ${[['a.sharma', 12, 'ok', 'Allow'], ['r.iyer', 58, 'warn', 'Step-up'], ['k.menon', 91, 'bad', 'Block']].map(([user, score, kind, decision]) => `<tr><td>${user}</td><td>${meter(score)}</td><td>${chip(kind, decision)}</td></tr>`).join('')}</table></div>
    <div class="tile" data-wide><h4>BotShield AI · traffic</h4>
      ${chart([{ values: wave(20, 60, 12, 2), stroke: '#1158e6', fill: 'rgb(17 88 230 / 0.08)' }, { values: wave(20, 18, 8, 5).map((v, i) => (i > 11 && i < 15 ? v + 30 : v)), stroke: '#b91c1c' }], { width: 180, height: 64 })}
      <div class="row small" style="margin-top:4px"><span style="color:#1158e6;font-weight:700">● People</span><span style="color:#b91c1c;font-weight:700">● Bots</span></div></div>`, { columns: '1.15fr 1fr', rows: 'auto 1fr' }),

  /** adapID AI's "What is": the policy that turns a risk score into a decision, and what it weighs. */
  adaptivepolicy: () => window_('adapID AI', ['Policies', 'Sessions'], `
    <div class="tile"><div class="row" style="justify-content:space-between"><h4>Risk policy · Payments</h4>${chip('blue', 'In force')}</div>
      <div class="row" style="gap:0;height:14px;border-radius:7px;overflow:hidden;margin:6px 0 4px"><i style="flex:40;height:100%;background:#0f766e;display:block"></i><i style="flex:30;height:100%;background:#c26a00;display:block"></i><i style="flex:30;height:100%;background:#b91c1c;display:block"></i></div>
      <div class="row small" style="justify-content:space-between"><span>0–39 <b style="color:#0f766e">Allow</b></span><span>40–69 <b style="color:#9a4f00">Step-up</b></span><span>70–100 <b style="color:#b91c1c">Block</b></span></div></div>
    <div class="row" style="gap:10px;align-items:stretch">
      <div class="tile" style="flex:1.3"><h4>What the score weighs</h4><table>
        ${[['Typing and touch', 35], ['Device', 25], ['Amount, usual for them', 25], ['Place and network', 15]].map(([what, weight]) => `<tr><td>${what}</td><td style="width:70px"><span class="meter" style="width:100%;height:5px"><i style="width:${weight * 2.5}%;background:#1158e6"></i></span></td><td><b>${weight}%</b></td></tr>`).join('')}</table></div>
      <div class="tile" style="flex:1" data-wide><h4>Step-up with</h4><div class="col" style="align-items:flex-start">${chip('blue', 'Passkey')}${chip('blue', 'Face match')}${chip('blue', 'Call-back')}</div>
        <div class="small" style="margin-top:6px">Never an OTP</div></div></div>`, { rows: 'auto 1fr' }),

  /** Behavioural biometrics' "What is": a profile being learnt from a user's first sessions, kept as a model. */
  biometricslearn: () => window_('adapID AI', ['Models', 'Profiles'], `
    <div class="tile"><div class="row" style="justify-content:space-between"><h4>Learning · new user p.nair</h4>${chip('ok', 'Ready')}</div>
      <div class="row"><span class="meter" style="flex:1;width:auto;height:8px"><i style="width:100%;background:#0f766e"></i></span><b>12 of 12 sessions</b></div>
      <div class="small" style="margin-top:4px">Confidence <b style="color:#0b1f3a">94%</b> · learnt in 6 days of normal use</div></div>
    <div class="tile"><h4>What the model knows</h4><table>
      ${[['Key hold time', '92 ms ± 14'], ['Gap between keys', '148 ms ± 31'], ['Swipe speed', '1.8 px/ms'], ['Touch pressure', '0.42 of full']].map(([what, value]) => `<tr><td>${what}</td><td><b>${value}</b></td></tr>`).join('')}</table>
      <div class="row small" style="margin-top:6px">${TICK}<span>Kept as numbers in a model, never as keystrokes</span></div></div>`, { rows: 'auto 1fr' }),

  /** Continuous authentication's "What is": what is checked while a session stays open, each signal now. */
  continuoussignals: () => window_('adapID AI', ['Signals', 'Session'], `
    <div class="tile" style="grid-column:span 2"><div class="row" style="justify-content:space-between"><h4>Checked every 30 s · r.iyer</h4><span class="small">Session open 5 h 12 m</span></div></div>
    ${[['Typing rhythm', 'Matches the profile', 'ok', 'Match 95%'], ['Mouse and touch', 'Usual paths and pauses', 'ok', 'Match 91%'], ['Device', 'Same laptop as sign-in', 'ok', 'Known'], ['Network', 'Office network, Bengaluru', 'ok', 'Usual']].map(([what, why, kind, verdict]) => `<div class="tile"${what === 'Device' || what === 'Network' ? ' data-wide' : ''}><h4>${what}</h4><div class="row" style="justify-content:space-between">${chip(kind, verdict)}${TICK}</div><div class="small" style="margin-top:6px">${why}</div></div>`).join('')}`, { columns: '1fr 1fr', rows: 'auto 1fr 1fr' }),

  /** Password-less's "What is": setting up a passkey, once, on the customer's own phone. */
  passkeysetup: () => `<div class="phone" style="left:40px;top:22px;width:170px;height:316px"><div class="screen">
      <div class="row" style="font-weight:800">${SHIELD} NorthBank <span class="small">(sample)</span></div>
      <div style="font-size:15px;font-weight:800">Create a passkey</div>
      <div class="small">Your fingerprint or face unlocks it. It never leaves this phone.</div>
      <div style="align-self:center">${FINGERPRINT}</div>
      <div class="button" style="margin-top:auto;padding:6px 8px">Create Passkey</div>
      <div class="small" style="text-align:center">Takes 10 seconds</div></div></div>
    <div style="position:absolute;left:236px;top:70px;right:28px;color:#fff" class="col" data-wide>
      <div style="font-size:11px;font-weight:700;letter-spacing:.08em;color:#7dd3fc;text-transform:uppercase">Set up once</div>
      <div style="font-size:19px;font-weight:800;line-height:1.25">Then sign in with a touch</div>
      ${[['No password', 'Nothing to remember or steal'], ['No OTP', 'Nothing to read out to a caller'], ['Behaviour too', 'The touch must also be theirs']].map(([title, text]) => `
      <div class="row" style="align-items:flex-start;gap:8px">${TICK}<div><div style="font-weight:800;font-size:12.5px">${title}</div><div style="font-size:11.5px;color:#c3d2ea">${text}</div></div></div>`).join('')}
    </div>`,

  /** Password-less payments' "What is": how customers signed in over a month, and what each way cost them. */
  signinmethods: () => window_('adapID AI', ['Reports', 'Sessions'], `
    <div class="tile"><h4>Sign-ins, last 30 days</h4><table><tr><th>Method</th><th data-wide>Share</th><th>Time</th><th>Failed</th></tr>
      ${[['Password + SMS OTP', 18, '38 s', 'bad', '6.2%'], ['Password', 9, '24 s', 'warn', '11% reset'], ['Passkey + behaviour', 73, '1.4 s', 'ok', '0.3%']].map(([method, share, time, kind, failed]) => `<tr><td>${method}</td><td data-wide><span class="score"><span class="meter" style="width:40px"><i style="width:${share}%;background:#1158e6"></i></span><b>${share}%</b></span></td><td>${time}</td><td>${chip(kind, failed)}</td></tr>`).join('')}</table></div>
    <div class="row" style="gap:10px"><div class="tile" style="flex:1"><h4>OTPs not sent</h4><div class="row"><span class="big">212,400</span><span class="small">this month</span></div></div>
      <div class="tile" style="flex:1" data-wide><h4>Sign-in time</h4><div class="row"><span class="big" style="color:#0f766e">−96%</span><span class="small">with a passkey</span></div></div></div>`, { rows: 'auto 1fr' }),

  /** Productivity monitoring's "What is": what it measures, and what it never keeps. */
  productivityprivacy: () => window_('adapID AI', ['Settings', 'Team'], `
    <div class="tile"><h4>Measured</h4><div class="col">
      ${['Active time at work', 'Focus: time on one task', 'Who is at the keyboard', 'Shared or lent logins'].map((item) => `<div class="row">${TICK}<span>${item}</span></div>`).join('')}</div></div>
    <div class="tile"><h4>Never kept</h4><div class="col">
      ${['Screenshots', 'Keystrokes or text typed', 'Messages and e-mail', 'Websites visited'].map((item) => `<div class="row">${STOP}<span>${item}</span></div>`).join('')}</div></div>
    <div class="tile" style="grid-column:span 2"><div class="row" style="justify-content:space-between"><span class="small">Each person sees their own figures first</span>${chip('ok', 'GDPR and CCPA')}</div></div>`, { columns: '1fr 1fr', rows: '1fr auto' }),

  /** Social engineering's "What is": the bank's app, warning a customer who is being coached on a call. */
  coachedcall: () => `<div class="phone" style="left:155px;top:16px;width:170px;height:328px"><div class="screen">
      <div class="row" style="font-weight:800">${SHIELD} NorthBank <span class="small">(sample)</span></div>
      <div class="row">${STOP}<b style="color:#b91c1c;font-size:12px">Payment paused</b></div>
      <div style="font-size:14px;font-weight:800;line-height:1.3">Is someone on the phone telling you to move money?</div>
      <div class="small">NorthBank never asks you to move money to keep it safe.</div>
      <div class="button" style="margin-top:auto;padding:6px 8px">Cancel Payment</div>
      <div class="small" style="text-align:center">Talk to us first: 1800 000 000</div></div></div>
    <div style="position:absolute;left:24px;top:48px;width:116px;color:#fff;font-size:12px" class="col" data-wide><b style="color:#7dd3fc">On a call</b><span style="color:#c3d2ea">and a remote-access app open</span></div>
    <div style="position:absolute;right:22px;bottom:56px;width:118px;color:#fff;font-size:12px" class="col" data-wide><b style="color:#7dd3fc">Coached typing</b><span style="color:#c3d2ea">long pauses, unlike v.rao</span></div>`,

  /** SSO's "What is": the access policy, each app checked per request, the risky actions asked again. */
  ssopolicy: () => window_('adapID AI', ['Policies', 'Apps'], `
    <div class="tile"><div class="row" style="justify-content:space-between"><h4>Access policy · Staff</h4>${chip('blue', 'Zero trust')}</div><table><tr><th>App</th><th data-wide>Checked</th><th>Asks again when</th></tr>
      ${[['Mail', 'Every request', '—'], ['CRM', 'Every request', 'Export over 100 rows'], ['Files', 'Every request', 'Bulk download'], ['Payroll', 'Every request', 'Outside the office']].map(([app, checked, again]) => `<tr><td><div class="row" style="gap:6px">${appIcon(app, '#1158e6')}<b>${app}</b></div></td><td data-wide>${checked}</td><td>${again}</td></tr>`).join('')}</table></div>
    <div class="tile"><div class="row" style="justify-content:space-between"><span class="small">One sign-in a day; behaviour checked all along</span>${chip('ok', 'Passkey')}</div></div>`, { rows: '1fr auto' }),
};

const name = new URLSearchParams(location.search).get('screen');
const draw = SCREENS[name];
if (!draw) throw new Error(`no screen named ${name}: ${Object.keys(SCREENS).join(', ')}`);
document.body.insertAdjacentHTML('beforeend', draw());
window.SCREENS = Object.keys(SCREENS);
