export default function AdminSection() {
  return <p className="text-ink-500">In preparazione.</p>;
}
