for (const button of document.querySelectorAll('button[data-reveal]')) {
  const input = document.getElementById(button.getAttribute('data-reveal'));
  if (!input) continue;
  button.hidden = false;
  button.addEventListener('click', () => {
    const shown = input.type === 'text';
    input.type = shown ? 'password' : 'text';
    button.textContent = button.getAttribute(shown ? 'data-show' : 'data-hide');
  });
}
