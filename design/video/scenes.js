/*
 * The site's three videos as scenes drawn from time alone: each video's
 * build() lays out its elements and returns draw(t), which puts every element
 * where it is t seconds in. design/videos.ts calls draw for each frame and
 * shoots it; nothing here depends on the clock, so every run makes the same
 * frames. Frame 0 of each video is its poster: a title card, complete.
 */
'use strict';

/** ?cut=narrow draws the 4:5 cut phones get (400 × 500): the same story, one thing at a time, every word ≥ 17 px. */
const NARROW = new URLSearchParams(location.search).get('cut') === 'narrow';
/** The wide value, or the narrow one in the narrow cut. */
const pick = (wide, narrow) => (NARROW ? narrow : wide);
const STAGE_WIDTH = pick(960, 400);
document.documentElement.classList.toggle('narrow', NARROW);
document.body.classList.toggle('narrow', NARROW);
const stage = document.body;
const clamp = (x) => Math.max(0, Math.min(1, x));
const ease = (x) => (x < 0.5 ? 4 * x * x * x : 1 - Math.pow(-2 * x + 2, 3) / 2);
/** 0 before a, 1 after b, eased between. */
const span = (t, a, b) => ease(clamp((t - a) / (b - a)));
/** In over [a, a + fade], out over [b - fade, b]. */
const during = (t, a, b, fade = 0.4) => Math.min(span(t, a, a + fade), 1 - span(t, b - fade, b));

function el(html, style, parent = stage) {
  const node = document.createElement('div');
  node.className = 'abs';
  node.innerHTML = html;
  Object.assign(node.style, style);
  parent.append(node);
  return node;
}
function show(node, amount, rise = 16) {
  node.style.opacity = String(amount);
  node.style.transform = `translateY(${((1 - amount) * rise).toFixed(2)}px)`;
  node.style.visibility = amount <= 0.001 ? 'hidden' : 'visible';
}

const SHIELD = '<svg width="30" height="34" viewBox="0 0 30 34"><path d="M15 1l13 5v10c0 8.5-5.6 14.4-13 17C7.6 30.4 2 24.5 2 16V6z" fill="#1158e6"/><path d="M9 17l4.5 4.5L22 12" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>';
const FINGERPRINT = (size, colour) => `<svg width="${size}" height="${size}" viewBox="0 0 48 48" fill="none" stroke="${colour}" stroke-width="3" stroke-linecap="round"><path d="M12 16a14 14 0 0 1 24 0"/><path d="M10 28a14 14 0 0 1 2-9M38 19a14 14 0 0 1 1 9"/><path d="M17 37c2-4 3-8 3-13a4 4 0 0 1 8 0c0 5-1 10-3 14"/><path d="M14 32c1-3 1-5 1-8a9 9 0 0 1 18 0c0 4-.5 7-1.5 10"/><path d="M24 24c0 6-1 11-4 15"/></svg>`;
const TICK = (colour) => `<svg width="22" height="22" viewBox="0 0 22 22"><circle cx="11" cy="11" r="11" fill="${colour}"/><path d="M6 11.5l3.5 3.5L16 8" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
const CROSS = (colour) => `<svg width="22" height="22" viewBox="0 0 22 22"><circle cx="11" cy="11" r="11" fill="${colour}"/><path d="M7 7l8 8M15 7l-8 8" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/></svg>`;

function brand() {
  const node = el(`${SHIELD}<span>adapID AI</span>`, {});
  node.classList.add('brand');
}

/** Captions along the bottom, one at a time. */
function captions(list) {
  const nodes = list.map((item) => el(`${item.title}${item.sub ? `<small>${item.sub}</small>` : ''}`, {}, stage));
  nodes.forEach((node) => node.classList.add('caption'));
  return (t) => list.forEach((item, index) => show(nodes[index], during(t, item.from, item.to), 10));
}

/** A sign-in card with a username field that types itself, and optionally a password field. */
function signIn(x, y, { user, password = true, title = 'Sign in' }) {
  const card = el(`<div style="font-size:${pick(22, 20)}px;font-weight:800;margin-bottom:${pick(18, 12)}px">${title}</div>
    <div class="label">Username</div><div class="field user"><span class="typed"></span><span class="caret" style="width:2px;height:22px;background:#1158e6;margin-left:1px"></span></div>
    ${password ? '<div class="label">Password</div><div class="field pass"><span class="dots" style="letter-spacing:3px"></span></div>' : ''}
    <div class="button"><span class="go">${password ? 'Sign in' : 'Continue'}</span><span class="done" style="display:none;align-items:center;gap:8px">${TICK('#ffffff33')} Signed in</span></div>`, { left: `${x}px`, top: `${y}px`, width: pick('340px', '310px'), padding: pick('28px', '20px 22px') });
  card.classList.add('card');
  const typed = card.querySelector('.typed');
  const caret = card.querySelector('.caret');
  const dots = card.querySelector('.dots');
  const button = card.querySelector('.button');
  return {
    card,
    /** The button turns green once the sign-in is through. */
    signedIn(on) {
      button.style.background = on ? '#0f766e' : '#1158e6';
      button.querySelector('.go').style.display = on ? 'none' : 'inline';
      button.querySelector('.done').style.display = on ? 'inline-flex' : 'none';
    },
    /** Characters shown by time t, the first at a, then at the given gaps. */
    type(t, a, gaps, passwordAt) {
      let shown = 0; let at = a;
      for (let index = 0; index < user.length; index += 1) { if (t >= at) shown = index + 1; at += gaps[index % gaps.length]; }
      typed.textContent = user.slice(0, shown);
      caret.style.opacity = shown < user.length && Math.floor(t * 2) % 2 === 0 ? '1' : shown < user.length ? '0.2' : '0';
      if (dots) dots.textContent = '•'.repeat(Math.max(0, Math.min(10, Math.floor((t - passwordAt) * 7))));
    },
  };
}

/** A panel of keystroke-timing bars, which fill one by one. */
function rhythm(x, y, heights, title, width = 270) {
  const size = pick(15, 17);
  const panel = el(`<div style="font-size:${size}px;font-weight:700;margin-bottom:14px">${title}</div><div class="bars" style="display:flex;align-items:flex-end;justify-content:space-between;height:90px"></div><div class="note muted" style="font-size:${size}px;margin-top:12px;height:${size + 5}px"></div>`,
    { left: `${x}px`, top: `${y}px`, width: `${width}px`, padding: '20px 22px' });
  panel.classList.add('panel');
  const bars = panel.querySelector('.bars');
  // The bars share the panel's width: 12 px with 6 px between in the wide cut's 270 px panel.
  const bar = Math.round(((width - 44) * 2) / (3 * heights.length));
  const nodes = heights.map(() => { const node = document.createElement('i'); node.style.cssText = `display:block;width:${bar}px;border-radius:4px;background:#5eead4;height:0`; bars.append(node); return node; });
  return {
    panel,
    draw(t, a, step, colour = '#5eead4', note = '') {
      nodes.forEach((bar, index) => {
        const grow = span(t, a + index * step, a + index * step + 0.25);
        bar.style.height = `${(heights[index] * grow).toFixed(1)}px`;
        bar.style.background = colour;
      });
      panel.querySelector('.note').textContent = t >= a + heights.length * step ? note : '';
    },
  };
}

/** A half-circle risk gauge with a needle and a score. */
function gauge(x, y) {
  const node = el(`<svg width="260" height="150" viewBox="0 0 260 150">
      <path d="M30 130a100 100 0 0 1 200 0" fill="none" stroke="#13294b" stroke-width="22" stroke-linecap="round"/>
      <path class="arc" d="M30 130a100 100 0 0 1 200 0" fill="none" stroke="#5eead4" stroke-width="22" stroke-linecap="round" pathLength="100" stroke-dasharray="0 100"/>
      <line class="needle" x1="130" y1="130" x2="130" y2="52" stroke="#ffffff" stroke-width="5" stroke-linecap="round"/>
      <circle cx="130" cy="130" r="10" fill="#ffffff"/></svg>
    <div style="text-align:center;margin-top:-6px"><span class="score" style="font-size:40px;font-weight:800">0</span><div class="muted" style="font-size:${pick(15, 17)}px;font-weight:600">risk score</div></div>`,
  { left: `${x}px`, top: `${y}px`, width: '260px' });
  const arc = node.querySelector('.arc'); const needle = node.querySelector('.needle'); const score = node.querySelector('.score');
  return {
    node,
    set(value, colour) {
      arc.setAttribute('stroke-dasharray', `${value.toFixed(2)} 100`);
      arc.setAttribute('stroke', colour);
      needle.setAttribute('transform', `rotate(${(-90 + value * 1.8).toFixed(2)} 130 130)`);
      score.textContent = String(Math.round(value));
    },
  };
}

const riskColour = (value) => (value < 35 ? '#5eead4' : value < 70 ? '#fbbf24' : '#f87171');

/** A title card: eyebrow, title and lead, shown from the first frame. */
function titleCard(eyebrow, title, lead) {
  return el(`<div class="eyebrow">${eyebrow}</div><div class="title">${title}</div><div class="lead">${lead}</div>`, pick({ left: '80px', top: '150px', width: '760px' }, { left: '24px', top: '84px', width: '352px' }));
}

/** Something centred on the stage's width at a height. */
function centredRow(html, top) {
  return el(html, { left: '0px', width: `${STAGE_WIDTH}px`, top: `${top}px`, textAlign: 'center' });
}

const VIDEOS = {
  /** Home: what adapID AI does, in 45 seconds. */
  intro: {
    duration: 45,
    build() {
      brand();
      const title = titleCard('adapID AI · how it works', 'Know your customer by how they behave', 'Behavioural biometrics that check every session, without passwords to steal or codes to wait for.');
      // The wide cut shows the sign-in, its rhythm and the swipe side by side; the narrow one shows the sign-in, then
      // the rhythm beside the swipe, then the score, each centred, above the caption.
      const login = signIn(pick(90, 45), pick(96, 64), { user: 'priya.sharma' });
      const human = rhythm(pick(480, 24), pick(96, 80), [52, 78, 40, 88, 60, 34, 72, 56, 84, 46, 66, 38], 'Typing rhythm', pick(270, 226));
      const phone = el(`<svg width="${pick(140, 112)}" height="${pick(180, 144)}" viewBox="0 0 140 180"><rect x="2" y="2" width="136" height="176" rx="22" fill="#13294b" stroke="#c3d2ea" stroke-opacity=".35" stroke-width="2"/>
        <path class="swipe" d="M30 140C50 120 60 80 110 50" fill="none" stroke="#5eead4" stroke-width="6" stroke-linecap="round" pathLength="100" stroke-dasharray="0 100"/></svg>
        <div class="muted" style="font-size:${pick(15, 17)}px;font-weight:600;margin-top:8px">Swipe${pick(' pattern', '')}</div>`, { left: pick('780px', '264px'), top: pick('96px', '80px') });
      const meter = gauge(pick(560, 70), pick(130, 74));
      const verdict = centredRow(`<span class="pill ok">${TICK('#0f766e')} Low risk · allow, no OTP</span>`, 350);
      if (!NARROW) Object.assign(verdict.style, { left: '548px', width: 'auto', textAlign: 'left' });
      else verdict.style.top = '290px';
      const bot = signIn(pick(90, 45), pick(96, 64), { user: 'priya.sharma', title: 'Sign in · new device' });
      const robotic = rhythm(pick(480, 87), pick(96, 80), Array(12).fill(64), 'Typing rhythm', 226);
      const blocked = centredRow(`<span class="pill bad">${CROSS('#b91c1c')} High risk · blocked${pick(' and alerted', '')}</span>`, 350);
      if (!NARROW) Object.assign(blocked.style, { left: '520px', width: 'auto', textAlign: 'left' });
      else blocked.style.top = '290px';
      const end = el(`<div class="title" style="font-size:${pick(44, 32)}px">No passwords to steal.<br>No OTP delays.</div><div class="lead">adapID AI by Kavach Cognitive Labs</div>
        <div style="margin-top:28px"><span class="pill" style="background:#fff;color:#0b1f3a;padding:12px 24px">Request Demo</span></div>`, pick({ left: '80px', top: '120px', width: '800px' }, { left: '24px', top: '96px', width: '352px' }));
      const caption = captions([
        { from: 7, to: 16, title: 'It learns how each customer types, taps and swipes', sub: 'A profile of behaviour, not of personal data' },
        { from: 16, to: 25, title: 'Every session is scored in milliseconds', sub: 'Low risk passes with no code and no question' },
        { from: 25, to: 36.5, title: 'When something does not fit, adapID AI steps in', sub: 'A script types the same password at a machine\u2019s even pace' },
      ]);
      // When each thing shows, by cut: [from, to] in seconds.
      const when = pick({
        login: [7, 25.2], human: [7.4, 16.2], humanBars: 8, phone: [12, 16.2], meter: [16.2, 25.2],
        bot: [25.6, 36.5], robotic: [25.8, 30.5], roboticBars: 26.4, threat: [30.6, 36.5], threatRise: [31, 33.5], blocked: 33.8,
      }, {
        login: [7, 12.2], human: [12, 16.2], humanBars: 12.3, phone: [12, 16.2], meter: [16.2, 25.2],
        bot: [25.6, 29.6], robotic: [29.4, 33.2], roboticBars: 29.7, threat: [33, 36.5], threatRise: [33.3, 35], blocked: 35.2,
      });
      return (t) => {
        show(title, 1 - span(t, 6.2, 7));
        show(login.card, during(t, ...when.login, 0.6)); show(human.panel, during(t, ...when.human, 0.5)); show(phone, during(t, ...when.phone, 0.5));
        login.type(t, 8, [0.24, 0.13, 0.31, 0.18, 0.4, 0.15, 0.22, 0.35, 0.12, 0.27, 0.19, 0.3], 11.6);
        human.draw(t, when.humanBars, pick(0.26, 0.2), '#5eead4', t > 15 ? 'Matches her profile' : '');
        phone.querySelector('.swipe').setAttribute('stroke-dasharray', `${(span(t, 12.8, 14.8) * 100).toFixed(1)} 100`);
        show(meter.node, Math.max(during(t, ...when.meter, 0.5), during(t, ...when.threat, 0.5)));
        const risk = t < 26 ? 12 * span(t, 17, 19.5) : 91 * span(t, ...when.threatRise);
        meter.set(risk, riskColour(risk));
        show(verdict, during(t, 19.8, 25.2, 0.4)); login.signedIn(t >= 20.4);
        show(bot.card, during(t, ...when.bot, 0.6)); show(robotic.panel, during(t, ...when.robotic, 0.5));
        bot.type(t, 26.4, [0.2], 29);
        robotic.draw(t, when.roboticBars, pick(0.2, 0.15), '#f87171', t > when.roboticBars + 2.8 ? 'Too even to be human' : '');
        show(blocked, during(t, when.blocked, 36.5, 0.4));
        show(end, span(t, 37, 38));
        caption(t);
      };
    },
  },

  /** /adaptive: three sign-ins, three decisions, in 20 seconds. */
  adaptive: {
    duration: 20,
    build() {
      brand();
      const title = titleCard('Adaptive authentication', 'Three sign-ins, three decisions', 'adapID AI scores each one from behaviour and asks for more only when the risk calls for it.');
      const verdicts = [
        { who: 'Known phone, usual rhythm', score: 8, verdict: `<span class="pill ok">${TICK('#0f766e')} Allow, no OTP</span>`, at: 3 },
        { who: 'New laptop, slight hesitation', score: 54, verdict: `<span class="pill warn">${FINGERPRINT(22, '#9a4f00')} Step-up: FIDO2</span>`, at: 8 },
        { who: 'Script, machine-even typing', score: 93, verdict: `<span class="pill bad">${CROSS('#b91c1c')} Block and alert</span>`, at: 13 },
      ];
      // Wide: the three sign-ins as rows, one added every five seconds. Narrow: one sign-in at a time, large,
      // then the three decisions together for the last caption.
      const lanes = verdicts.map((lane, index) => {
        const row = NARROW
          ? el(`<div class="panel" style="padding:16px 20px"><div class="muted" style="font-size:17px;font-weight:700;letter-spacing:.06em;text-transform:uppercase">Sign-in ${index + 1}</div><div style="font-size:21px;font-weight:700;margin-top:6px">${lane.who}</div></div>
              <div style="margin-top:26px"><div class="muted" style="font-size:18px;font-weight:600;margin-bottom:10px">Risk <b class="value" style="color:#fff">0</b></div><div style="height:18px;border-radius:9px;background:#13294b;overflow:hidden"><i class="fill" style="display:block;height:100%;width:0;border-radius:9px"></i></div></div>
              <div class="verdict" style="margin-top:26px;text-align:center">${lane.verdict}</div>`, { left: '24px', top: '72px', width: '352px' })
          : el(`<div style="display:flex;align-items:center;gap:22px;height:84px">
            <div class="panel" style="width:300px;height:84px;padding:16px 20px"><div class="muted" style="font-size:13px;font-weight:700;letter-spacing:.08em;text-transform:uppercase">Sign-in ${index + 1}</div><div style="font-size:18px;font-weight:700;margin-top:6px">${lane.who}</div></div>
            <div style="width:250px"><div class="muted" style="font-size:14px;font-weight:600;margin-bottom:8px">Risk <b class="value" style="color:#fff">0</b></div><div style="height:14px;border-radius:7px;background:#13294b;overflow:hidden"><i class="fill" style="display:block;height:100%;width:0;border-radius:7px"></i></div></div>
            <div class="verdict">${lane.verdict}</div></div>`, { left: '88px', top: `${110 + index * 112}px`, width: '800px' });
        return { ...lane, row, fill: row.querySelector('.fill'), value: row.querySelector('.value'), verdictNode: row.querySelector('.verdict') };
      });
      const summary = NARROW ? el(verdicts.map((lane) => `<div style="margin-bottom:18px">${lane.verdict}</div>`).join(''), { left: '0px', width: '400px', top: '96px', textAlign: 'center' }) : undefined;
      const caption = captions([
        { from: 3, to: 8, title: 'Low risk: let the customer straight in' },
        { from: 8, to: 13, title: 'Medium risk: step up with a passkey, not an OTP' },
        { from: 13, to: 18, title: 'High risk: block the session and alert the team' },
        { from: 18, to: 20.5, title: 'Every decision feeds back into the user\u2019s profile' },
      ]);
      return (t) => {
        show(title, 1 - span(t, 2.3, 3));
        for (const lane of lanes) {
          show(lane.row, NARROW ? during(t, lane.at, lane.at + 5, 0.5) : span(t, lane.at, lane.at + 0.6));
          const value = lane.score * span(t, lane.at + 0.6, lane.at + 2.6);
          lane.fill.style.width = `${value}%`;
          lane.fill.style.background = riskColour(value);
          lane.value.textContent = String(Math.round(value));
          show(lane.verdictNode, span(t, lane.at + 2.8, lane.at + 3.3), 8);
        }
        if (summary) show(summary, span(t, 18, 18.5));
        caption(t);
      };
    },
  },

  /** /passwordless: sign in and approve a payment with no password and no OTP, in 20 seconds. */
  passwordless: {
    duration: 20,
    build() {
      brand();
      const title = titleCard('Password-less authentication', 'No password. No OTP.', 'A customer signs in and approves a payment with a passkey and the way they hold their phone.');
      // Wide: the card on the left, what adapID AI sees on the right, the pair centred. Narrow: one at a time.
      const left = pick(125, 45);
      const login = signIn(left, pick(100, 72), { user: 'priya.sharma', password: false });
      const prompt = el(`<div style="display:flex;flex-direction:column;align-items:center;text-align:center;gap:14px">
          <div class="ring" style="position:relative;width:120px;height:120px;display:grid;place-items:center">
            <svg width="120" height="120" viewBox="0 0 120 120" style="position:absolute;inset:0"><circle cx="60" cy="60" r="54" fill="none" stroke="#d5deeb" stroke-width="6"/><circle class="progress" cx="60" cy="60" r="54" fill="none" stroke="#1158e6" stroke-width="6" stroke-linecap="round" pathLength="100" stroke-dasharray="0 100" transform="rotate(-90 60 60)"/></svg>
            ${FINGERPRINT(64, '#1158e6')}</div>
          <div style="font-size:${pick(20, 21)}px;font-weight:800">Use your passkey</div><div style="color:#4a5874;font-size:${pick(15, 17)}px">FIDO2 / WebAuthn, on this phone</div></div>`,
      { left: `${left}px`, top: pick('100px', '72px'), width: pick('340px', '310px'), padding: pick('30px', '24px') });
      prompt.classList.add('card');
      const behaviour = rhythm(pick(555, 45), pick(100, 76), [48, 80, 36, 70, 58, 86, 42, 64, 76, 50], pick('Behaviour while signing in', 'Behaviour as she signs in'), pick(270, 310));
      const verified = centredRow(`<span class="pill ok">${TICK('#0f766e')} Passkey verified${pick(' · behaviour matches', '')}</span>`, pick(330, 276));
      if (!NARROW) Object.assign(verified.style, { left: '555px', width: 'auto', textAlign: 'left' });
      const payment = el(`<div style="font-size:${pick(15, 17)}px;color:#4a5874;font-weight:600">Approve payment</div><div style="font-size:34px;font-weight:800;margin:6px 0 4px">₹25,000</div>
          <div style="color:#4a5874;font-size:${pick(15, 17)}px;margin-bottom:18px">to Anand Traders · savings account</div><div class="button">${FINGERPRINT(24, '#ffffff')}&nbsp; Approve with passkey</div>`,
      { left: pick('180px', '45px'), top: pick('120px', '64px'), width: pick('340px', '310px'), padding: pick('28px', '22px') });
      payment.classList.add('card');
      const approved = centredRow(`<span class="pill ok">${TICK('#0f766e')} Payment approved in 2 seconds</span>`, pick(200, 290));
      if (!NARROW) Object.assign(approved.style, { left: '575px', width: 'auto', textAlign: 'left' });
      const caption = captions([
        { from: 3, to: 7, title: 'The customer gives only their username' },
        { from: 7, to: 12, title: 'A passkey on the phone replaces the password', sub: 'Nothing to steal, nothing to phish' },
        { from: 12, to: 20.5, title: 'Payments are approved the same way: no OTP', sub: 'adapID AI checks the behaviour behind every tap' },
      ]);
      const when = pick({ prompt: [7.2, 12.2], ring: [8.2, 10.4], behaviour: [7.4, 12.2], bars: 7.8 }, { prompt: [7.2, 10], ring: [7.8, 9.6], behaviour: [9.8, 12.2], bars: 10 });
      return (t) => {
        show(title, 1 - span(t, 2.3, 3));
        show(login.card, during(t, 3, 7.2, 0.5));
        login.type(t, 3.6, [0.22, 0.14, 0.3, 0.17, 0.36, 0.15, 0.21, 0.3, 0.12, 0.25, 0.18, 0.28], 99);
        show(prompt, during(t, ...when.prompt, 0.5));
        prompt.querySelector('.progress').setAttribute('stroke-dasharray', `${(span(t, ...when.ring) * 100).toFixed(1)} 100`);
        show(behaviour.panel, during(t, ...when.behaviour, 0.5));
        behaviour.draw(t, when.bars, pick(0.25, 0.1), '#5eead4', t > when.bars + pick(2.6, 1.2) ? 'Matches her profile' : '');
        show(verified, during(t, pick(10.6, 11.2), 12.2, 0.3));
        show(payment, span(t, 12.4, 13));
        show(approved, span(t, 15.5, 16), 8);
        caption(t);
      };
    },
  },
};

const name = new URLSearchParams(location.search).get('video');
const video = VIDEOS[name];
if (!video) throw new Error(`no video named "${name}": ${Object.keys(VIDEOS).join(', ')}`);
window.VIDEO = { duration: video.duration, draw: video.build() };
window.VIDEO.draw(0);
