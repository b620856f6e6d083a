export default function Route() {
  return <h1>about-us</h1>;
}
