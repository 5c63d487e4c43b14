/** The panel of a screen that is not built yet. */
export function BuildingScreen({ name }: { name: string }) {
  return (
    <section className="card building" aria-labelledby="building-heading">
      <h1 id="building-heading">{name}</h1>
      <p>This screen is being built.</p>
    </section>
  );
}

export function ForbiddenScreen({ name }: { name: string }) {
  return (
    <section className="card" aria-labelledby="forbidden-heading">
      <h1 id="forbidden-heading">{name}</h1>
      <p role="alert">You do not have access to this screen. It is for managers and admins.</p>
    </section>
  );
}
