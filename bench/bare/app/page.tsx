export const metadata = { title: "Bare Next.js page", description: "The framework floor for the benchmark." };

export default function Page() {
  return (
    <main>
      <h1>Bare Next.js page</h1>
      <p>The smallest App Router page: the floor the product is measured against.</p>
    </main>
  );
}
