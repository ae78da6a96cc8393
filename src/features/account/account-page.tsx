/** Placeholder: filled by the feature's issue. */
export function AccountPage() {
  return (
    <main className="page">
      <h1>Account</h1>
    </main>
  );
}
