# The page an annotation tool shows for each answer (Mustache, rendered by the tool), not a
# prompt: its braces are another template language's.
PAGE_TEMPLATE = """
<div class="review">
  {{ #label }}
    <h2>The model says: {{ meta.answer }}</h2>
  {{ /label }}
  <details>
    <summary>Show the prompt the model was given</summary>
    <pre>{{ model.prompt }}</pre>
  </details>
  <details>
    <summary>Show the response from the model</summary>
    <pre>{{ model.response }}</pre>
  </details>
</div>
"""
