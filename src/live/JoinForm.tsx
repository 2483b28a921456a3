/** "Start a class" and "Join a class" (docs/class.md): a code and a display name, no account. */
import { useState } from 'react';
import { useStore } from 'zustand';
import { isCode, normaliseCode } from '../io/classRooms';
import { keepMembership, live, type Membership } from './liveStore';

const NAME_MAX = 40;

function enter(m: Membership): void {
  keepMembership(m);
  live.setState({ membership: m, error: null, status: 'connecting' });
}

export function JoinForm() {
  const offered = useStore(live, (s) => s.offeredCode);
  const [code, setCode] = useState(offered);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setBusy(true);
    const { makeClass } = await import('./connection');
    const made = await makeClass();
    setBusy(false);
    if ('error' in made) live.setState({ error: made.error });
    else enter({ role: 'teacher', code: made.code, key: made.key });
  };

  const join = async () => {
    const c = normaliseCode(code);
    if (!isCode(c)) {
      live.setState({ error: 'A class code is 10 letters and digits, as the teacher shows it (like ABCDE-12345).' });
      return;
    }
    const n = name.trim();
    if (n === '' || n.length > NAME_MAX) {
      live.setState({ error: `Give a name of 1 to ${NAME_MAX} characters: the teacher sees it beside your run.` });
      return;
    }
    const { newSecret } = await import('./connection');
    enter({ role: 'student', code: c, name: n, secret: newSecret() });
  };

  const startButton = (
    <button type="button" disabled={busy} onClick={() => void start()}>
      Start a class
    </button>
  );
  const joinForm = (
    <form
      className="live-join"
      aria-label="Join a class"
      onSubmit={(e) => {
        e.preventDefault();
        void join();
      }}
    >
      <h3>Join a class</h3>
      <label>
        Class code <input value={code} onChange={(e) => setCode(e.currentTarget.value)} autoComplete="off" />
      </label>
      <label>
        Your name <input value={name} maxLength={NAME_MAX} onChange={(e) => setName(e.currentTarget.value)} />
      </label>
      <button type="submit">Join</button>
    </form>
  );
  // Came by a class's link: a student, whose one step is to join; starting a class comes after.
  if (offered !== '')
    return (
      <>
        {joinForm}
        <h3 className="live-or">Teaching instead?</h3>
        {startButton}
      </>
    );
  return (
    <>
      {startButton}
      {joinForm}
    </>
  );
}
