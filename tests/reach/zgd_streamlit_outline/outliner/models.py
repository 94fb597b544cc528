def chat_model():
    from somewhere_else import StreamingClient

    return StreamingClient()
