import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { completeSignIn } from './session';

/** /admin/callback: identity sends the owner back here with a code; trade it once, then go where they were going. */
export function Callback(): ReactNode {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string>();
  const started = useRef(false);
  useEffect(() => {
    // Once: the code is single-use, and StrictMode runs effects twice in development.
    if (started.current) return;
    started.current = true;
    completeSignIn(location.search).then(
      (returnTo) => navigate(returnTo.replace(/^\/admin/, '') || '/', { replace: true }),
      (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
    );
  }, [navigate]);
  return (
    <main className="sign-in">
      <h1>Store dashboard</h1>
      {problem ? (
        <div role="alert">
          <p>{problem}</p>
          <a href="/admin">Sign in again</a>
        </div>
      ) : (
        <p role="status">Signing you in…</p>
      )}
    </main>
  );
}
