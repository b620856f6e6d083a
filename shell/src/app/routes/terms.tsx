export default function Route() {
  return <h1>terms</h1>;
}
