import { Link } from 'wouter';

export function NotFound({ home = '/' }: { home?: string }) {
  return (
    <main className="not-found">
      <h1>Page not found</h1>
      <p>There is no page at this address.</p>
      <Link href={home}>Go to the start page</Link>
    </main>
  );
}
