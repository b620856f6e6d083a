export default function Route() {
  return <h1>privacy</h1>;
}
